import { assertEvent, assign, fromPromise, or, raise, setup, stateIn } from 'xstate';
import type { User } from '../api/client';

/** The user record the list and its modals show, as the API sends it. */
export type { User };
import { clampPage, pageCount, pageSlice } from '../domain/lists/paging.ts';
import { nextSort } from '../domain/lists/sort.ts';
import { filterRows, sortRows, toRows, type Sort, type SortKey, type UserRow } from '../domain/users/list-view';
import { normaliseEmail } from '../domain/rules/fields.ts';
import { listAddressing } from './browser-list.ts';
import { createUserMachine, type ModalOutput } from './create-user';
import { updateUserMachine } from './update-user';

export interface UserListInput {
  tenantId: number;
  /** The address's query: the list opens with its search, sort and page. */
  address: string;
  /** The signed-in user's id and role, handed to the modals: section 6 decides what they may do. */
  currentUserId: number;
  currentRoleId: number;
}

export interface UserListContext extends Omit<UserListInput, 'address'> {
  /** Every user in the server's order, with search text computed once. */
  rows: readonly UserRow[];
  /** `rows` in the current sort; recomputed only when the sort or the data changes. */
  sorted: readonly UserRow[];
  /** `sorted` filtered by the search text: what the pages are cut from. */
  visible: readonly UserRow[];
  emails: ReadonlySet<string>;
  search: string;
  sort: Sort | null;
  page: number;
  selected: ReadonlySet<number>;
  /** The user the Update User modal edits while it is open. */
  editedUser: User | null;
}

export type UserListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'sort.toggle'; key: SortKey }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' }
  | { type: 'selection.toggle'; userId: number }
  | { type: 'selection.page.toggle' }
  | { type: 'retry' }
  | { type: 'modal.create.open' }
  | { type: 'modal.update.open'; userId: number }
  | { type: 'address.open'; address: string };

const addressing = listAddressing<SortKey>({ sortKeys: ['name', 'email', 'role'], defaultSort: null });
const addressOf = (context: Pick<UserListContext, 'search' | 'sort' | 'page'>) => addressing.addressOf({ ...context, filters: {} }, 0);
const writeAddress = { type: 'writeAddress', params: ({ context }: { context: UserListContext }) => ({ query: addressOf(context) }) } as const;

/** The rows of the page being shown. */
export function currentPageRows(context: UserListContext): readonly UserRow[] {
  return pageSlice(context.visible, context.page);
}

/** Whether every row of the shown page is selected (and there is at least one). */
export function pageIsSelected(context: UserListContext): boolean {
  const rows = currentPageRows(context);
  return rows.length > 0 && rows.every((row) => context.selected.has(row.user.id));
}

/**
 * The user list: the data (loaded, refetched after a save) and the modal are
 * independent, so they are parallel regions. Its search, sort and page live in
 * the address as the other lists' do (the list kit's addressing), so reload and
 * share keep them. Each modal is its own machine,
 * invoked while open and stopped when it finishes; a saved modal makes the list
 * refetch, so it shows the server's fresh data.
 */
export const userListMachine = setup({
  types: {
    input: {} as UserListInput,
    context: {} as UserListContext,
    events: {} as UserListEvent,
    children: {} as { createUserModal: 'createUserModal'; updateUserModal: 'updateUserModal' },
  },
  actors: {
    loadUsers: fromPromise<User[], { tenantId: number }>(async () => {
      throw new Error('loadUsers must be provided');
    }),
    createUserModal: createUserMachine,
    updateUserModal: updateUserMachine,
  },
  actions: {
    /** The API client has already shown the server's message; this only logs. */
    logError: (_, _params: { error: unknown }) => {},
    /** Replaces the address's query (no new history entry) with the list's. */
    writeAddress: (_, _params: { query: string }) => {},
    openAddress: assign(({ context, event }) => {
      assertEvent(event, 'address.open');
      const { search, sort, page } = addressing.fromAddress(event.address, 0);
      const sorted = sortRows(context.rows, sort);
      const visible = filterRows(sorted, search);
      return { search, sort, sorted, visible, page: context.rows.length === 0 ? page : clampPage(page, visible.length) };
    }),
    acceptUsers: assign(({ context }, params: { users: readonly User[] }) => {
      const rows = toRows(params.users);
      const sorted = sortRows(rows, context.sort);
      const visible = filterRows(sorted, context.search);
      const ids = new Set(params.users.map((user) => user.id));
      return {
        rows,
        sorted,
        visible,
        emails: new Set(params.users.map((user) => normaliseEmail(user.email))),
        page: clampPage(context.page, visible.length),
        selected: new Set([...context.selected].filter((id) => ids.has(id))),
      };
    }),
    search: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { search: event.value, visible: filterRows(context.sorted, event.value), page: 1 };
    }),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      const sort = nextSort(context.sort, event.key);
      const sorted = sortRows(context.rows, sort);
      return { sort, sorted, visible: filterRows(sorted, context.search), page: 1 };
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go');
      return { page: clampPage(event.page, context.visible.length) };
    }),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    toggleSelection: assign(({ context, event }) => {
      assertEvent(event, 'selection.toggle');
      const selected = new Set(context.selected);
      if (!selected.delete(event.userId)) selected.add(event.userId);
      return { selected };
    }),
    togglePageSelection: assign(({ context }) => {
      const selected = new Set(context.selected);
      const rows = currentPageRows(context);
      if (pageIsSelected(context)) for (const row of rows) selected.delete(row.user.id);
      else for (const row of rows) selected.add(row.user.id);
      return { selected };
    }),
    rememberEditedUser: assign(({ context, event }) => {
      assertEvent(event, 'modal.update.open');
      return { editedUser: context.rows.find((row) => row.user.id === event.userId)?.user ?? null };
    }),
    forgetEditedUser: assign({ editedUser: null }),
    refresh: raise({ type: 'retry' }),
  },
  guards: {
    isOtherAddress: ({ context, event }) => {
      assertEvent(event, 'address.open');
      return addressOf(addressing.fromAddress(event.address, 0)) !== addressOf(context);
    },
    hasPreviousPage: ({ context }) => context.page > 1,
    hasNextPage: ({ context }) => context.page < pageCount(context.visible.length),
    userIsListed: ({ context, event }) => {
      assertEvent(event, 'modal.update.open');
      return context.rows.some((row) => row.user.id === event.userId);
    },
    modalSaved: (_, params: { output: ModalOutput }) => params.output.saved,
    // Creating needs the list: its e-mails are what the duplicate check compares against.
    listIsLoaded: or([stateIn({ data: 'loaded' }), stateIn({ data: 'refreshing' })]),
  },
}).createMachine({
  id: 'userList',
  context: ({ input }) => {
    const { address, ...rest } = input;
    const { search, sort, page } = addressing.fromAddress(address, 0);
    return { ...rest, rows: [], sorted: [], visible: [], emails: new Set(), search, sort, page, selected: new Set(), editedUser: null };
  },
  type: 'parallel',
  on: {
    'search.change': { actions: ['search', writeAddress] },
    'sort.toggle': { actions: ['sort', writeAddress] },
    'page.go': { actions: ['goToPage', writeAddress] },
    'page.previous': { guard: 'hasPreviousPage', actions: ['previousPage', writeAddress] },
    'page.next': { guard: 'hasNextPage', actions: ['nextPage', writeAddress] },
    'address.open': { guard: 'isOtherAddress', actions: 'openAddress' },
    'selection.toggle': { actions: 'toggleSelection' },
    'selection.page.toggle': { actions: 'togglePageSelection' },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadUsers',
            src: 'loadUsers',
            input: ({ context }) => ({ tenantId: context.tenantId }),
            onDone: {
              target: 'loaded',
              actions: [{ type: 'acceptUsers', params: ({ event }) => ({ users: event.output }) }, writeAddress],
            },
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loaded: {
          on: { 'retry': 'refreshing' },
        },
        // The rows stay on screen while the fresh ones load. A save meanwhile starts
        // over, since the answer on its way may predate it.
        refreshing: {
          on: { 'retry': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'loadUsers',
            src: 'loadUsers',
            input: ({ context }) => ({ tenantId: context.tenantId }),
            onDone: {
              target: 'loaded',
              actions: { type: 'acceptUsers', params: ({ event }) => ({ users: event.output }) },
            },
            onError: {
              target: 'loaded',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['failed'],
          on: { 'retry': 'loading' },
        },
      },
    },
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'modal.create.open': { guard: 'listIsLoaded', target: 'creating' },
            'modal.update.open': { guard: 'userIsListed', target: 'updating', actions: 'rememberEditedUser' },
          },
        },
        creating: {
          invoke: {
            id: 'createUserModal',
            src: 'createUserModal',
            input: ({ context }) => ({ currentRoleId: context.currentRoleId, existingEmails: context.emails }),
            onDone: [
              {
                guard: { type: 'modalSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: 'refresh',
              },
              { target: 'closed' },
            ],
          },
        },
        updating: {
          exit: 'forgetEditedUser',
          invoke: {
            id: 'updateUserModal',
            src: 'updateUserModal',
            input: ({ context }) => ({
              user: context.editedUser!,
              caller: { id: context.currentUserId, role_id: context.currentRoleId },
              existingEmails: context.emails,
            }),
            onDone: [
              {
                guard: { type: 'modalSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: 'refresh',
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
});
