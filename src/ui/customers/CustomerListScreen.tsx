import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { customerOpportunitiesAddress } from '../../domain/opportunities/address.ts';
import type { CustomerSortKey } from '../../domain/opportunities/customers.ts';
import { customerListMachine } from '../../machines/customer-list.ts';
import { inspection } from '../../platform/inspector.ts';
import { useServices, useSession } from '../app/services.tsx';
import { customerLabel, formatDay, formatUnits } from '../opportunities/format.ts';
import { loadYearFrom } from '../opportunities/load-year.ts';
import { SortHeader } from '../opportunities/SortHeader.tsx';
import { YearNotice } from '../opportunities/StateNotices.tsx';
import { YearSelect } from '../opportunities/YearSelect.tsx';
import '../opportunities/opportunities.css';
import './customers.css';

type CustomerListActor = ActorRefFrom<typeof customerListMachine>;

/** /customer: the customers of a year's opportunities, with what each brought, sortable; each links to its opportunities. */
export default function CustomerListScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const [logic] = useState(() =>
    customerListMachine.provide({
      actors: { loadYear: loadYearFrom(api) },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
  );
  const list = useActorRef(logic, { input: { tenantId, year: new Date().getFullYear() }, inspect: inspection() });
  const phase = useSelector(list, (state) => state.value);
  const year = useSelector(list, (state) => state.context.year);

  return (
    <section className="customers" aria-labelledby="customers-title">
      <div className="screen-header">
        <h1 id="customers-title">Customers</h1>
        <YearSelect year={year} onChange={(next) => list.send({ type: 'year.change', year: next })} />
      </div>
      {phase === 'ready' ? (
        <div className="card customers__card">
          <CustomerTable list={list} year={year} />
        </div>
      ) : (
        <YearNotice phase={phase} year={year} what="customers" onRetry={() => list.send({ type: 'data.retry' })} />
      )}
    </section>
  );
}

const COLUMNS: readonly { key: CustomerSortKey; label: string; numeric?: boolean }[] = [
  { key: 'customer', label: 'Customer' },
  { key: 'opportunities', label: 'Opportunities', numeric: true },
  { key: 'revenue', label: 'Revenue', numeric: true },
  { key: 'weighted', label: 'Weighted revenue', numeric: true },
  { key: 'latest', label: 'Latest opportunity' },
];

function CustomerSortHeader({ list, column }: { list: CustomerListActor; column: (typeof COLUMNS)[number] }) {
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

function CustomerTable({ list, year }: { list: CustomerListActor; year: number }) {
  const customers = useSelector(list, (state) => state.context.customers);
  return (
    <div className="table-scroll">
      <table className="table customers__table">
        <caption className="visually-hidden">
          Customers with opportunities created in {year}
        </caption>
        <thead>
          <tr>
            {COLUMNS.slice(0, 2).map((column) => (
              <CustomerSortHeader key={column.key} list={list} column={column} />
            ))}
            <th scope="col" className="numeric">
              Won
            </th>
            {COLUMNS.slice(2).map((column) => (
              <CustomerSortHeader key={column.key} list={list} column={column} />
            ))}
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.customer}>
              <th scope="row">
                {/* Opportunities without a customer cannot be searched for by name. */}
                {customer.customer === '' ? (
                  customerLabel(customer.customer)
                ) : (
                  <Link href={customerOpportunitiesAddress(customer.customer, year)}>{customerLabel(customer.customer)}</Link>
                )}
              </th>
              <td className="numeric">{customer.opportunities}</td>
              <td className="numeric">{customer.won}</td>
              <td className="numeric">{formatUnits(customer.revenueUnits)}</td>
              <td className="numeric">{formatUnits(customer.weightedUnits)}</td>
              <td className="nowrap">{formatDay(customer.latestDay)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
