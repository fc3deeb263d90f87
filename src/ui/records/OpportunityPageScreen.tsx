import { Link, useLocation } from 'wouter';
import { format } from 'date-fns';
import type { OpportunitySummary } from '../../machines/opportunity-page.ts';
import { formatMoney } from '../../domain/money.ts';
import { dealUnits } from '../../domain/records/record-page.ts';
import { opportunityPageFlow } from '../../wiring/opportunity-page.ts';
import { customerLabel, formatUnits, stageLabel } from '../kit/format.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { recordIdFromPath } from '../kit/record-editor/route.ts';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { Composer, Figure, RecordPageFrame, TimelineSection, type RecordPageActor } from './RecordPageParts.tsx';

/** /opportunity/:id: the deal's figures at the top, then a note box and its story, newest first. */
export default function OpportunityPageScreen() {
  const [path] = useLocation();
  const id = recordIdFromPath(path);
  if (id === null) return <NotFound />;
  // Another deal's address is another page.
  return <OpportunityPage key={id} id={id} />;
}

function OpportunityPage({ id }: { id: number }) {
  const page = useFlow(opportunityPageFlow, () => ({ recordId: id })) as RecordPageActor<OpportunitySummary>;
  return (
    <RecordPageFrame page={page} what="opportunity">
      {(summary) => (
        <section className="record-page" aria-labelledby="record-page-title">
          <OpportunityHeader summary={summary} />
          <div className="record-page__body">
            <Composer page={page} />
            <TimelineSection page={page} showDeal={false} />
          </div>
        </section>
      )}
    </RecordPageFrame>
  );
}

function OpportunityHeader({ summary }: { summary: OpportunitySummary }) {
  const currency = useCurrency();
  const { opportunity, salespersonName, customerId } = summary;
  const { weightedUnits } = dealUnits(opportunity);
  const customer = customerLabel(opportunity.customer);
  return (
    <header className="record-page__header">
      <nav aria-label="Breadcrumb" className="record-page__crumbs">
        <Link href="/opportunity">Opportunities</Link> / <span aria-current="page">#{opportunity.id}</span>
      </nav>
      <div className="screen-header">
        <div>
          <h1 id="record-page-title">{customer}</h1>
          <p className="record-page__subtitle">
            Opportunity #{opportunity.id} · <span className={`stage-pill stage-pill--${opportunity.stage.replace(/\s+/g, '-')}`}>{stageLabel(opportunity.stage)}</span>
          </p>
        </div>
        <Link href={`/edit-Opportunity/${opportunity.id}`} className="button">
          Edit
        </Link>
      </div>
      <dl className="card record-page__figures">
        <Figure label="Revenue">{formatMoney(opportunity.revenue, currency)}</Figure>
        <Figure label="Probability">{opportunity.probability} %</Figure>
        <Figure label="Weighted">{formatUnits(weightedUnits, currency)}</Figure>
        <Figure label="Salesperson">{salespersonName || '—'}</Figure>
        <Figure label="Date">{format(new Date(opportunity.created_date), 'd MMM yyyy')}</Figure>
        <Figure label="Customer">{customerId === null ? customer : <Link href={`/customer/${customerId}`}>{customer}</Link>}</Figure>
      </dl>
    </header>
  );
}
