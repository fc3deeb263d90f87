import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { pageCount } from '../../domain/lists/paging.ts';
import { PIPELINE_STAGES } from '../../domain/opportunities/pipeline.ts';
import { dayNumberOf } from '../../domain/revenue/calendar.ts';
import type { OpportunitySortKey } from '../../domain/opportunities/list-view.ts';
import type { opportunityListMachine } from '../../machines/opportunity-list.ts';
import { useCurrency } from '../kit/services.tsx';
import { useListFlow } from '../kit/use-list-flow.ts';
import { customerLabel, formatDay, stageLabel } from '../kit/format.ts';
import { formatMoney } from '../../domain/money.ts';
import { opportunityListFlow } from '../../wiring/opportunity-list.ts';
import { Pager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { EmptyRow, ListSortHeader } from '../kit/ListTable.tsx';
import { YearNotice } from '../kit/StateNotices.tsx';
import { YearSelect } from '../kit/YearSelect.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import { BulkBar, BulkSelection, SelectPageHeader, SelectRowCell } from '../kit/bulk/Bulk.tsx';
import '../kit/lists.css';

type ListActor = ActorRefFrom<typeof opportunityListMachine>;

/** /opportunity: the tenant's opportunities of a year, searched, filtered, sorted and paged by ten by the server; the address keeps all of it. */
export default function OpportunityListScreen() {
  const list = useListFlow(opportunityListFlow, ({ tenantId }) => ({ tenantId, year: new Date().getFullYear() }));
  const phase = useSelector(list, (state) => (state.matches('typing') ? 'ready' : state.value));
  const shown = useSelector(list, (state) => state.context.answer !== null && !state.matches('empty'));
  const year = useSelector(list, (state) => state.context.year);

  return (
    <section className="opportunities" aria-labelledby="opportunities-title">
      <div className="screen-header">
        <h1 id="opportunities-title">Opportunities</h1>
        <div className="screen-header__actions">
          <YearSelect year={year} onChange={(next) => list.send({ type: 'year.change', year: next })} />
          <Link href="/add-Opportunity" className="button">
            Add Opportunity
          </Link>
        </div>
      </div>
      {shown && phase !== 'failed' ? (
        <>
          <Totals list={list} />
          <BulkSelection kind="opportunities" onChanged={() => list.send({ type: 'year.change', year })}>
            <div className="card opportunities__card">
              <div className="list-toolbar">
                <SearchBox list={list} label="Search opportunities by customer, salesperson or stage" />
                <ListFilters list={list} />
                <SaveViewButton list="opportunity" />
              </div>
              <ExportBar list={list} />
              <OpportunityTable list={list} />
              <OpportunityPager list={list} />
            </div>
          </BulkSelection>
        </>
      ) : (
        <YearNotice phase={phase === 'ready' ? 'loading' : (phase as 'loading' | 'empty' | 'failed')} year={year} what="opportunities" onRetry={() => list.send({ type: 'retry' })} />
      )}
    </section>
  );
}

function ListFilters({ list }: { list: ListActor }) {
  const stageId = useId();
  const stage = useSelector(list, (state) => state.context.stage);
  const mine = useSelector(list, (state) => state.context.mine);
  return (
    <>
      <div className="list-filter">
        <label htmlFor={stageId}>Stage</label>
        <select id={stageId} className="select" value={stage} onChange={(event) => list.send({ type: 'stage.change', stage: event.target.value })}>
          <option value="">All stages</option>
          {PIPELINE_STAGES.map((option) => (
            <option key={option} value={option}>
              {stageLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <label className="list-filter list-filter--check">
        <input type="checkbox" checked={mine} onChange={() => list.send({ type: 'mine.toggle' })} />
        Mine
      </label>
    </>
  );
}

/** The list's filters as the export takes them: the year in the browser's time zone, the search, the stage, 'Mine' and the sort. */
function ExportBar({ list }: { list: ListActor }) {
  const year = useSelector(list, (state) => state.context.year);
  const search = useSelector(list, (state) => state.context.search);
  const stage = useSelector(list, (state) => state.context.stage);
  const mine = useSelector(list, (state) => state.context.mine);
  const sort = useSelector(list, (state) => state.context.sort);
  return <BulkBar filters={{ year, search, stage, mine, sort: sort.key, direction: sort.direction, zone: Intl.DateTimeFormat().resolvedOptions().timeZone }} />;
}

function Totals({ list }: { list: ListActor }) {
  const currency = useCurrency();
  const total = useSelector(list, (state) => state.context.answer?.total ?? 0);
  const revenue = useSelector(list, (state) => state.context.answer?.revenue ?? 0);
  const weighted = useSelector(list, (state) => state.context.answer?.weighted ?? 0);
  return (
    <dl className="figures" aria-label="Totals of the opportunities shown">
      <div className="figure">
        <dt>Opportunities</dt>
        <dd>{total}</dd>
      </div>
      <div className="figure">
        <dt>Revenue</dt>
        <dd>{formatMoney(revenue, currency)}</dd>
      </div>
      <div className="figure">
        <dt>Weighted revenue</dt>
        <dd>{formatMoney(weighted, currency)}</dd>
      </div>
    </dl>
  );
}

function OpportunityPager({ list }: { list: ListActor }) {
  const page = useSelector(list, (state) => state.context.page);
  const total = useSelector(list, (state) => state.context.answer?.total ?? 0);
  return (
    <Pager
      page={page}
      total={total}
      canPrevious={page > 1}
      canNext={page < pageCount(total)}
      onPage={(target) => list.send({ type: 'page.go', page: target })}
      onPrevious={() => list.send({ type: 'page.previous' })}
      onNext={() => list.send({ type: 'page.next' })}
    />
  );
}

const COLUMNS: readonly { key: OpportunitySortKey; label: string; numeric?: boolean }[] = [
  { key: 'date', label: 'Created' },
  { key: 'customer', label: 'Customer' },
  { key: 'salesperson', label: 'Salesperson' },
  { key: 'stage', label: 'Stage' },
  { key: 'revenue', label: 'Revenue', numeric: true },
];

function OpportunityTable({ list }: { list: ListActor }) {
  const currency = useCurrency();
  const rows = useSelector(list, (state) => state.context.answer?.rows ?? []);
  const busy = useSelector(list, (state) => state.hasTag('loading'));
  return (
    <div className="table-scroll">
      <table className="table table--cards opportunities__table" aria-busy={busy}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <ListSortHeader key={column.key} list={list} column={column.key} label={column.label} numeric={column.numeric} />
            ))}
            <th scope="col" className="numeric">
              Probability
            </th>
            <ListSortHeader list={list} column="weighted" label="Weighted" numeric />
            <SelectPageHeader ids={rows.map((row) => row.id)} label="Choose every opportunity of this page" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={8}>No opportunities match the search and filters.</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td className="nowrap">{formatDay(dayNumberOf(new Date(row.created_date)))}</td>
                <td>
                  <Link href={`/opportunity/${row.id}`}>{customerLabel(row.customer)}</Link>
                </td>
                <td>{row.salesperson_name}</td>
                <td>
                  <span className={`badge stage-badge--${row.stage.replace(/\s+/g, '-')}`}>{stageLabel(row.stage)}</span>
                </td>
                <td className="numeric">{formatMoney(row.revenue, currency)}</td>
                <td className="numeric">{row.probability}%</td>
                <td className="numeric">{formatMoney(Math.round(row.revenue * row.probability) / 100, currency)}</td>
                <SelectRowCell id={row.id} label={`${customerLabel(row.customer)}, ${formatDay(dayNumberOf(new Date(row.created_date)))}`} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
