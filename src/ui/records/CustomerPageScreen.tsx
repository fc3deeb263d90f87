import { Link } from 'wouter';
import { format } from 'date-fns';
import type { CustomerSummary } from '../../machines/customer-page.ts';
import { formatMoney } from '../../domain/money.ts';
import { dealTotals, dealUnits, type OpportunityListRow } from '../../domain/records/record-page.ts';
import { customerPageFlow } from '../../wiring/customer-page.ts';
import { formatUnits, stageLabel } from '../kit/format.ts';
import { RecordRoute } from '../kit/record-editor/RecordRoute.tsx';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { Figure, RecordHeader, RecordPage, type RecordPageActor } from './RecordPageParts.tsx';
import '../kit/lists.css';

/** /customer/:id: the customer's details and deal figures, its opportunities, then a note box and the story of it and its deals. */
export default function CustomerPageScreen() {
  return <RecordRoute>{(id) => <CustomerPage id={id} />}</RecordRoute>;
}

function CustomerPage({ id }: { id: number }) {
  const page = useFlow(customerPageFlow, () => ({ recordId: id })) as RecordPageActor<CustomerSummary>;
  return (
    <RecordPage page={page} what="customer" showDeal noDealHint="Activities and events are about an opportunity: add one for this customer first.">
      {(summary) => (
        <>
          <CustomerHeader summary={summary} />
          <Deals deals={summary.deals} />
        </>
      )}
    </RecordPage>
  );
}

function CustomerHeader({ summary }: { summary: CustomerSummary }) {
  const currency = useCurrency();
  const { customer, deals } = summary;
  const totals = dealTotals(deals);
  return (
    <RecordHeader
      list={{ href: '/customer', label: 'Customers' }}
      current={customer.name}
      title={customer.name}
      subtitle={customer.company || null}
      editHref={`/edit-Customer/${customer.id}`}
      figures={
        <>
          <Figure label="Open opportunities">{totals.openCount}</Figure>
          <Figure label="Open pipeline">{formatUnits(totals.openUnits, currency)}</Figure>
          <Figure label="Weighted pipeline">{formatUnits(totals.openWeightedUnits, currency)}</Figure>
          <Figure label="Won">{formatUnits(totals.wonUnits, currency)}</Figure>
          <Figure label="E-mail">{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</Figure>
          <Figure label="Phone">{customer.phone ? <a href={`tel:${customer.phone.replace(/\s+/g, '')}`}>{customer.phone}</a> : '—'}</Figure>
        </>
      }
    >
      {customer.notes ? <p className="card record-page__about">{customer.notes}</p> : null}
    </RecordHeader>
  );
}

function Deals({ deals }: { deals: readonly OpportunityListRow[] }) {
  const currency = useCurrency();
  const totals = dealTotals(deals);
  return (
    // Not a landmark of its own: the scrolling table below is the region the heading names (one name, one landmark).
    <section className="record-page__deals">
      <h2 id="deals-title">Opportunities ({deals.length})</h2>
      {deals.length === 0 ? (
        <p className="card notice">
          No opportunities yet. <Link href="/add-Opportunity">Add Opportunity</Link>
        </p>
      ) : (
        <div className="card table-scroll" role="region" aria-labelledby="deals-title" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Opportunity</th>
                <th scope="col">Stage</th>
                <th scope="col" className="numeric">Revenue</th>
                <th scope="col" className="numeric">Probability</th>
                <th scope="col" className="numeric">Weighted</th>
                <th scope="col">Salesperson</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {deals.map((deal) => (
                <tr key={deal.id}>
                  <th scope="row">
                    <Link href={`/opportunity/${deal.id}`}>#{deal.id}</Link>
                  </th>
                  <td>{stageLabel(deal.stage)}</td>
                  <td className="numeric">{formatMoney(deal.revenue, currency)}</td>
                  <td className="numeric">{deal.probability} %</td>
                  <td className="numeric">{formatUnits(dealUnits(deal).weightedUnits, currency)}</td>
                  <td>{deal.salesperson_name}</td>
                  <td className="nowrap">{format(new Date(deal.created_date), 'd MMM yyyy')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Open
                </th>
                <td className="numeric">{formatUnits(totals.openUnits, currency)}</td>
                <td />
                <td className="numeric">{formatUnits(totals.openWeightedUnits, currency)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
