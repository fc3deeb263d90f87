import { memo, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { maskedPassword, type UserRow } from '../../domain/users/list-view.ts';
import { currentPageRows, pageIsSelected, type User, type userListMachine } from '../../machines/user-list.ts';
import { useListFlow } from '../kit/use-list-flow.ts';
import { ListPager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { EmptyRow, ListSortHeader } from '../kit/ListTable.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { BulkBar, BulkSelection } from '../kit/bulk/Bulk.tsx';
import { CreateUserModal } from './CreateUserModal.tsx';
import { UpdateUserModal } from './UpdateUserModal.tsx';
import { userListFlow } from '../../wiring/user-list.ts';
import '../kit/lists.css';
import './users.css';

type UserListActor = ActorRefFrom<typeof userListMachine>;

const sameRows = (a: readonly UserRow[], b: readonly UserRow[]) => a.length === b.length && a.every((row, i) => row === b[i]);

/** /user: the tenant's users, searchable, sortable and paged, with the Create and Update User modals. */
export default function UserListScreen() {
  const list = useListFlow(userListFlow, ({ tenantId, roleId, userId }) => ({ tenantId, currentUserId: userId, currentRoleId: roleId }));
  return <UserList list={list} />;
}

/**
 * The list itself, drawn from its machine alone: the list writes its address on every
 * page, sort and keystroke, and the screen above renders again for each; this does not.
 */
const UserList = memo(function UserList({ list }: { list: UserListActor }) {
  const loading = useSelector(list, (state) => state.hasTag('loading'));
  const failed = useSelector(list, (state) => state.matches({ list: 'failed' }));
  const createModal = useSelector(list, (state) => state.children.createUserModal);
  const updateModal = useSelector(list, (state) => state.children.updateUserModal);
  const canCreate = useSelector(list, (state) => state.can({ type: 'modal.create.open' }));

  return (
    <section className="users" aria-labelledby="users-title">
      <div className="users__header">
        <h1 id="users-title">User</h1>
        <button type="button" className="button" disabled={!canCreate} onClick={() => list.send({ type: 'modal.create.open' })}>
          Create User
        </button>
      </div>
      <div className="card users__card">
        <div className="list-toolbar">
          <SearchBox list={list} label="Search users" />
          <SaveViewButton list="user" />
        </div>
        {loading ? <Spinner label="Loading users" /> : null}
        {failed ? (
          <div role="alert" className="users__failed">
            <p>The users could not be loaded.</p>
            <button type="button" className="button button--secondary" onClick={() => list.send({ type: 'retry' })}>
              Try again
            </button>
          </div>
        ) : null}
        {!loading && !failed ? (
          <>
            <UserBulk list={list}>
              <UserTable list={list} />
            </UserBulk>
            <ListPager list={list} />
          </>
        ) : null}
      </div>
      {createModal ? <CreateUserModal modal={createModal} /> : null}
      {updateModal ? <UpdateUserModal modal={updateModal} /> : null}
    </section>
  );
});

/** The chosen users (the list keeps the choice) can be exported, as can every user the search finds. */
function UserBulk({ list, children }: { list: UserListActor; children: ReactNode }) {
  const selected = useSelector(list, (state) => state.context.selected);
  const search = useSelector(list, (state) => state.context.search);
  const ids = useMemo(() => [...selected], [selected]);
  return (
    <BulkSelection kind="users" selected={ids}>
      <BulkBar filters={{ search }} />
      {children}
    </BulkSelection>
  );
}

function UserTable({ list }: { list: UserListActor }) {
  const rows = useSelector(list, (state) => currentPageRows(state.context), sameRows);
  const selected = useSelector(list, (state) => state.context.selected);
  const allSelected = useSelector(list, (state) => pageIsSelected(state.context));
  return (
    <div className="table-scroll">
      <table className="table users__table">
        <thead>
          <tr>
            <th scope="col" className="users__select">
              <input
                type="checkbox"
                aria-label="Select all users on this page"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={() => list.send({ type: 'selection.page.toggle' })}
              />
            </th>
            <ListSortHeader list={list} column="name" label="Name" />
            <ListSortHeader list={list} column="email" label="Email" />
            <th scope="col">Password</th>
            <ListSortHeader list={list} column="role" label="Role" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={5} />
          ) : (
            rows.map(({ user }) => <UserTableRow key={user.id} list={list} user={user} selected={selected.has(user.id)} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One user's row: rendered again only when its user or its selection changes, not when a neighbour's does. */
const UserTableRow = memo(function UserTableRow({ list, user, selected }: { list: UserListActor; user: User; selected: boolean }) {
  return (
    <tr aria-selected={selected}>
      <td className="users__select">
        <input
          type="checkbox"
          aria-label={`Select ${user.name}`}
          checked={selected}
          onChange={() => list.send({ type: 'selection.toggle', id: user.id })}
        />
      </td>
      <td>
        <button
          type="button"
          className="link-button"
          onClick={() => list.send({ type: 'modal.update.open', userId: user.id })}
        >
          {user.name}
        </button>
      </td>
      <td className="users__email">{user.email}</td>
      <td aria-label={user.password ? 'Password set' : 'No password'}>
        {user.password ? <span className="users__mask">{maskedPassword(user)}</span> : null}
      </td>
      <td>
        <span className={`badge role-badge--${user.role_id}`}>{user.role}</span>
      </td>
    </tr>
  );
});
