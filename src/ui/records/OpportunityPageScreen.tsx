import { Link } from 'wouter';
import { format } from 'date-fns';
import type { OpportunitySummary } from '../../machines/opportunity-page.ts';
import { formatMoney } from '../../domain/money.ts';
import { dealUnits } from '../../domain/records/record-page.ts';
import { opportunityPageFlow } from '../../wiring/opportunity-page.ts';
import { customerLabel, formatUnits, stageLabel } from '../kit/format.ts';
import { RecordRoute } from '../kit/record-editor/RecordRoute.tsx';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { Figure, RecordHeader, RecordPage, type RecordPageActor } from './RecordPageParts.tsx';

/** /opportunity/:id: the deal's figures at the top, then a note box and its story, newest first. */
export default function OpportunityPageScreen() {
  return <RecordRoute>{(id) => <OpportunityPage id={id} />}</RecordRoute>;
}

function OpportunityPage({ id }: { id: number }) {
  const page = useFlow(opportunityPageFlow, () => ({ recordId: id })) as RecordPageActor<OpportunitySummary>;
  return (
    <RecordPage page={page} what="opportunity" showDeal={false}>
      {(summary) => <OpportunityHeader summary={summary} />}
    </RecordPage>
  );
}

function OpportunityHeader({ summary }: { summary: OpportunitySummary }) {
  const currency = useCurrency();
  const { opportunity, salespersonName, customerId } = summary;
  const { weightedUnits } = dealUnits(opportunity);
  const customer = customerLabel(opportunity.customer);
  return (
    <RecordHeader
      list={{ href: '/opportunity', label: 'Opportunities' }}
      current={`#${opportunity.id}`}
      title={customer}
      subtitle={
        <>
          Opportunity #{opportunity.id} · <span className={`stage-pill stage-pill--${opportunity.stage.replace(/\s+/g, '-')}`}>{stageLabel(opportunity.stage)}</span>
        </>
      }
      editHref={`/edit-Opportunity/${opportunity.id}`}
      figures={
        <>
          <Figure label="Revenue">{formatMoney(opportunity.revenue, currency)}</Figure>
          <Figure label="Probability">{opportunity.probability} %</Figure>
          <Figure label="Weighted">{formatUnits(weightedUnits, currency)}</Figure>
          <Figure label="Salesperson">{salespersonName || '—'}</Figure>
          <Figure label="Date">{format(new Date(opportunity.created_date), 'd MMM yyyy')}</Figure>
          <Figure label="Customer">{customerId === null ? customer : <Link href={`/customer/${customerId}`}>{customer}</Link>}</Figure>
        </>
      }
    />
  );
}
