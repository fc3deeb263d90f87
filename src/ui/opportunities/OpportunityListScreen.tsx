import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { pageSlice } from '../../domain/lists/paging.ts';
import { listFromSearch } from '../../domain/opportunities/address.ts';
import { selectableYears } from '../../domain/revenue/date-range.ts';
import { totalUnits, type OpportunityRow } from '../../domain/opportunities/rows.ts';
import type { OpportunitySortKey } from '../../domain/opportunities/list-view.ts';
import type { opportunityListMachine } from '../../machines/opportunity-list.ts';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { customerLabel, formatDay, formatUnits, stageLabel } from '../kit/format.ts';
import { opportunityListFlow } from '../../wiring/opportunity-list.ts';
import { ListPager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { SortHeader } from '../kit/SortHeader.tsx';
import { YearNotice } from '../kit/StateNotices.tsx';
import { YearSelect } from '../kit/YearSelect.tsx';
import { BulkBar, BulkSelection, SelectPageHeader, SelectRowCell } from '../kit/bulk/Bulk.tsx';
import '../kit/lists.css';

type ListActor = ActorRefFrom<typeof opportunityListMachine>;

const sameRows = (a: readonly OpportunityRow[], b: readonly OpportunityRow[]) => a.length === b.length && a.every((row, i) => row === b[i]);

/** /opportunity: the tenant's opportunities of a year, searchable, sortable and paged by ten. */
export default function OpportunityListScreen() {
  // Read once: the address (a customer's link, say) only opens the list on its year and search.
  const address = useSearch();
  const [initial] = useState(() => listFromSearch(address, selectableYears(new Date())));
  const list = useFlow(opportunityListFlow, ({ tenantId }) => ({
    tenantId,
    year: initial.year ?? new Date().getFullYear(),
    search: initial.search,
  }));
  const phase = useSelector(list, (state) => state.value);
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
      {phase === 'ready' ? (
        <>
          <Totals list={list} />
          <BulkSelection kind="opportunities" onChanged={() => list.send({ type: 'year.change', year })}>
            <div className="card opportunities__card">
              <SearchBox list={list} label="Search opportunities by customer, salesperson or stage" />
              <ExportBar list={list} />
              <OpportunityTable list={list} />
              <ListPager list={list} />
            </div>
          </BulkSelection>
        </>
      ) : (
        <YearNotice phase={phase} year={year} what="opportunities" onRetry={() => list.send({ type: 'retry' })} />
      )}
    </section>
  );
}

/** The list's filters as the export takes them: the year in the browser's time zone, and the search. */
function ExportBar({ list }: { list: ListActor }) {
  const year = useSelector(list, (state) => state.context.year);
  const search = useSelector(list, (state) => state.context.search);
  return <BulkBar filters={{ year, search, zone: Intl.DateTimeFormat().resolvedOptions().timeZone }} />;
}

function Totals({ list }: { list: ListActor }) {
  const currency = useCurrency();
  const visible = useSelector(list, (state) => state.context.visible);
  return (
    <dl className="figures" aria-label="Totals of the opportunities shown">
      <div className="figure">
        <dt>Opportunities</dt>
        <dd>{visible.length}</dd>
      </div>
      <div className="figure">
        <dt>Revenue</dt>
        <dd>{formatUnits(totalUnits(visible, 'revenueUnits'), currency)}</dd>
      </div>
      <div className="figure">
        <dt>Weighted revenue</dt>
        <dd>{formatUnits(totalUnits(visible, 'weightedUnits'), currency)}</dd>
      </div>
    </dl>
  );
}

const COLUMNS: readonly { key: OpportunitySortKey; label: string; numeric?: boolean }[] = [
  { key: 'date', label: 'Created' },
  { key: 'customer', label: 'Customer' },
  { key: 'salesperson', label: 'Salesperson' },
  { key: 'stage', label: 'Stage' },
  { key: 'revenue', label: 'Revenue', numeric: true },
];

function ListSortHeader({ list, column }: { list: ListActor; column: { key: OpportunitySortKey; label: string; numeric?: boolean } }) {
  const direction = useSelector(list, (state) => (state.context.sort.key === column.key ? state.context.sort.direction : 'none'));
  return (
    <SortHeader
      label={column.label}
      numeric={column.numeric}
      direction={direction}
      onToggle={() => list.send({ type: 'sort.toggle', key: column.key })}
    />
  );
}

function OpportunityTable({ list }: { list: ListActor }) {
  const currency = useCurrency();
  const rows = useSelector(list, (state) => pageSlice(state.context.visible, state.context.page), sameRows);
  return (
    <div className="table-scroll">
      <table className="table opportunities__table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <ListSortHeader key={column.key} list={list} column={column} />
            ))}
            <th scope="col" className="numeric">
              Probability
            </th>
            <ListSortHeader list={list} column={{ key: 'weighted', label: 'Weighted', numeric: true }} />
            <SelectPageHeader ids={rows.map((row) => row.id)} label="Choose every opportunity of this page" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="table-empty">
                No opportunities match the search.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td className="nowrap">{formatDay(row.day)}</td>
                <td>
                  <Link href={`/edit-Opportunity/${row.id}`}>{customerLabel(row.customer)}</Link>
                </td>
                <td>{row.salespersonName}</td>
                <td>
                  <span className={`stage-badge stage-badge--${row.stage.replace(/\s+/g, '-')}`}>{stageLabel(row.stage)}</span>
                </td>
                <td className="numeric">{formatUnits(row.revenueUnits, currency)}</td>
                <td className="numeric">{row.probability}%</td>
                <td className="numeric">{formatUnits(row.weightedUnits, currency)}</td>
                <SelectRowCell id={row.id} label={`${customerLabel(row.customer)}, ${formatDay(row.day)}`} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
