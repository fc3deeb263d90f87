import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Link } from 'wouter';
import { found } from '../../api/client.ts';
import { salespersonListMachine } from '../../machines/salesperson-list.ts';
import { managesUsers } from '../../domain/session/profile.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { formatLatestLogin } from './format.ts';
import { inspection } from '../../platform/inspector.ts';

/** /salesperson: every salesperson of the tenant, each editable by managers. */
export default function SalespersonListScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id ?? 0));
  const canEdit = useSession((state) => state.context.profile !== null && managesUsers(state.context.profile));
  const list = useActorRef(
    salespersonListMachine.provide({
      actors: {
        loadSalespersons: fromPromise(({ input }) =>
          found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
        ),
      },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
    { input: { tenantId }, inspect: inspection() },
  );
  const phase = useSelector(list, (state) => state.value);
  const salespersons = useSelector(list, (state) => state.context.salespersons);

  return (
    <section aria-labelledby="salespersons-title">
      <h1 id="salespersons-title">Salespersons</h1>
      <LoadNotice phase={phase} what="salespersons" empty="No data available" onRetry={() => list.send({ type: 'salespersons.reload' })} />
      {phase === 'ready' ? (
        <div className="card table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Mobile</th>
                <th scope="col">Latest Authentication</th>
              </tr>
            </thead>
            <tbody>
              {salespersons.map((person) => (
                <tr key={person.id}>
                  <td>{canEdit ? <Link href={`/edit-Salesperson/${person.id}`}>{person.name}</Link> : person.name}</td>
                  <td>{person.email}</td>
                  <td>{person.phone}</td>
                  <td>{person.mobile}</td>
                  <td>{formatLatestLogin(person.latest_login)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
