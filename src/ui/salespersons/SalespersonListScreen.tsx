import { useSelector } from '@xstate/react';
import { listPhase } from '../../machines/browser-list.ts';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { pageSlice } from '../../domain/lists/paging.ts';
import { salespersonListFlow } from '../../wiring/salesperson-list.ts';
import { isManager } from '../../machines/session.ts';
import type { salespersonListMachine } from '../../machines/salesperson-list.ts';
import { useSession } from '../kit/services.tsx';
import { useListFlow } from '../kit/use-list-flow.ts';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { ListPager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { EmptyRow, ListSortHeader } from '../kit/ListTable.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import { formatLatestLogin } from './format.ts';
import '../kit/lists.css';
import './salesperson.css';

type ListActor = ActorRefFrom<typeof salespersonListMachine>;

/** /salesperson: every salesperson of the tenant, searchable, sortable and paged (the address keeps it), each editable by managers. */
export default function SalespersonListScreen() {
  const list = useListFlow(salespersonListFlow, ({ tenantId }) => ({ tenantId }));
  const phase = useSelector(list, listPhase);

  return (
    <section aria-labelledby="salespersons-title">
      <h1 id="salespersons-title">Salespersons</h1>
      <LoadNotice phase={phase} what="salespersons" empty="No data available" onRetry={() => list.send({ type: 'retry' })} />
      {phase === 'ready' ? (
        <div className="card">
          <div className="list-toolbar">
            <SearchBox list={list} label="Search salespersons by name, email, phone or mobile" />
            <SaveViewButton list="salesperson" />
          </div>
          <SalespersonTable list={list} />
          <ListPager list={list} />
        </div>
      ) : null}
    </section>
  );
}

function SalespersonTable({ list }: { list: ListActor }) {
  const canEdit = useSession(isManager);
  const visible = useSelector(list, (state) => state.context.visible);
  const page = useSelector(list, (state) => state.context.page);
  const rows = pageSlice(visible, page);
  return (
    <div className="table-scroll">
      <table className="table table--cards salespersons__table">
        <thead>
          <tr>
            <ListSortHeader list={list} column="name" label="Name" />
            <ListSortHeader list={list} column="email" label="Email" />
            <th scope="col">Phone</th>
            <th scope="col">Mobile</th>
            <ListSortHeader list={list} column="latest_login" label="Latest Authentication" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={5} />
          ) : (
            rows.map((person) => (
              <tr key={person.id}>
                <td>{canEdit ? <Link href={`/edit-Salesperson/${person.id}`}>{person.name}</Link> : person.name}</td>
                <td>{person.email}</td>
                <td>{person.phone}</td>
                <td>{person.mobile}</td>
                <td>{formatLatestLogin(person.latest_login)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
