import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { listPhase } from '../../machines/browser-list.ts';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import type { CustomerSummary } from '../../domain/opportunities/customers.ts';
import { customerOpportunitiesAddress } from '../../domain/opportunities/address.ts';
import type { CustomerSortKey } from '../../domain/opportunities/customers.ts';
import { pageSlice } from '../../domain/lists/paging.ts';
import type { customerListMachine } from '../../machines/customer-list.ts';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { customerLabel, formatDay, formatUnits } from '../kit/format.ts';
import { customerListFlow } from '../../wiring/customer-list.ts';
import { EmptyRow, ListSortHeader } from '../kit/ListTable.tsx';
import { ListPager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { YearNotice } from '../kit/StateNotices.tsx';
import { YearSelect } from '../kit/YearSelect.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import { BulkBar, BulkSelection, SelectPageHeader, SelectRowCell } from '../kit/bulk/Bulk.tsx';
import '../kit/lists.css';
import './customers.css';

type CustomerListActor = ActorRefFrom<typeof customerListMachine>;

/**
 * /customer: the tenant's customers, each with what its opportunities of the chosen
 * year brought (0 when none), searchable, sortable and paged (the address keeps it);
 * a name opens the customer's page, a count the customer's opportunities, and
 * 'Add Customer' a new one.
 */
export default function CustomerListScreen() {
  const address = useSearch();
  const list = useFlow(customerListFlow, ({ tenantId }) => ({ tenantId, address, now: Date.now() }));
  // A saved view's link, Back or Forward change the address under the open list.
  useEffect(() => list.send({ type: 'address.open', address }), [list, address]);
  const phase = useSelector(list, listPhase);
  const year = useSelector(list, (state) => Number(state.context.filters.year));

  return (
    <section className="customers" aria-labelledby="customers-title">
      <div className="screen-header">
        <h1 id="customers-title">Customers</h1>
        <div className="customers__actions">
          <YearSelect year={year} onChange={(next) => list.send({ type: 'filter.change', name: 'year', value: String(next) })} />
          <Link href="/add-Customer" className="button">
            Add Customer
          </Link>
        </div>
      </div>
      {phase === 'ready' ? (
        <BulkSelection kind="customers" onChanged={() => list.send({ type: 'retry' })}>
          <div className="card customers__card">
            <div className="list-toolbar">
              <SearchBox list={list} label="Search customers by name or company" />
              <SaveViewButton list="customer" />
            </div>
            <ExportBar list={list} />
            <CustomerTable list={list} year={year} />
            <ListPager list={list} />
          </div>
        </BulkSelection>
      ) : phase === 'empty' ? (
        <p className="card notice" role="status">
          No customers yet. Add the first with 'Add Customer'.
        </p>
      ) : (
        <YearNotice phase={phase} year={year} what="customers" onRetry={() => list.send({ type: 'retry' })} />
      )}
    </section>
  );
}

/**
 * The list's search and sort as the export takes them: every stored customer whose name
 * or company holds the search, in the list's order of its year (in the browser's time zone).
 */
function ExportBar({ list }: { list: CustomerListActor }) {
  const search = useSelector(list, (state) => state.context.search);
  const year = useSelector(list, (state) => state.context.filters.year);
  const sort = useSelector(list, (state) => state.context.sort);
  const order = sort ? { sort: sort.key, direction: sort.direction } : {};
  return <BulkBar filters={{ search, year: Number(year), zone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...order }} />;
}

const COLUMNS: readonly { key: CustomerSortKey; label: string; numeric?: boolean }[] = [
  { key: 'customer', label: 'Customer' },
  { key: 'opportunities', label: 'Opportunities', numeric: true },
  { key: 'revenue', label: 'Revenue', numeric: true },
  { key: 'weighted', label: 'Weighted revenue', numeric: true },
  { key: 'latest', label: 'Latest opportunity' },
];

const sameRows = (a: readonly CustomerSummary[], b: readonly CustomerSummary[]) => a.length === b.length && a.every((row, i) => row === b[i]);

function CustomerTable({ list, year }: { list: CustomerListActor; year: number }) {
  const customers = useSelector(list, (state) => pageSlice(state.context.visible, state.context.page), sameRows);
  return (
    <div className="table-scroll">
      <table className="table table--cards customers__table">
        <caption className="visually-hidden">
          Customers with their opportunities created in {year}
        </caption>
        <thead>
          <tr>
            <ListSortHeader list={list} column={COLUMNS[0]!.key} label={COLUMNS[0]!.label} />
            <th scope="col">Company</th>
            <ListSortHeader list={list} column={COLUMNS[1]!.key} label={COLUMNS[1]!.label} />
            <th scope="col" className="numeric">
              Won
            </th>
            {COLUMNS.slice(2).map((column) => (
              <ListSortHeader key={column.key} list={list} column={column.key} label={column.label} numeric={column.numeric} />
            ))}
            <SelectPageHeader ids={customers.flatMap((customer) => (customer.id === null ? [] : [customer.id]))} label="Choose every customer" />
          </tr>
        </thead>
        <tbody>
          {customers.length === 0 ? (
            <EmptyRow columns={8}>No customers match the search.</EmptyRow>
          ) : (
            customers.map((customer) => <CustomerRow key={customer.id ?? `name:${customer.customer}`} customer={customer} year={year} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function CustomerRow({ customer, year }: { customer: CustomerSummary; year: number }) {
  const currency = useCurrency();
  const label = customerLabel(customer.customer);
  return (
    <tr>
      <th scope="row">
        {/* A name only opportunities use has no record to open. */}
        {customer.id === null ? label : <Link href={`/customer/${customer.id}`}>{label}</Link>}
      </th>
      <td>{customer.company}</td>
      <td className="numeric">
        {/* Opportunities without a customer cannot be searched for by name. */}
        {customer.opportunities > 0 && customer.customer !== '' ? (
          // The label starts with the visible count, so a spoken "click 12" still finds it.
          <Link href={customerOpportunitiesAddress(customer.customer, year)} aria-label={`${customer.opportunities} opportunities of ${label}`}>
            {customer.opportunities}
          </Link>
        ) : (
          customer.opportunities
        )}
      </td>
      <td className="numeric">{customer.won}</td>
      <td className="numeric">{formatUnits(customer.revenueUnits, currency)}</td>
      <td className="numeric">{formatUnits(customer.weightedUnits, currency)}</td>
      <td className="nowrap">{customer.latestDay === null ? '—' : formatDay(customer.latestDay)}</td>
      <SelectRowCell id={customer.id} label={label} />
    </tr>
  );
}
