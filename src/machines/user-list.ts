import { assertEvent, assign, fromPromise, or, raise, sendTo, setup, stateIn } from 'xstate';
import type { User } from '../api/client';

/** The user record the list and its modals show, as the API sends it. */
export type { User };
import { compareRows, rowMatches, type SortKey, type UserRow } from '../domain/users/list-view';
import { normaliseEmail } from '../domain/rules/fields.ts';
import {
  browserListMachine,
  listRegion,
  pageIsSelected as pageIsChosen,
  type BrowserListContext,
  type BrowserListEvent,
  type BrowserListInput,
  type ListLoadRequest,
} from './browser-list.ts';
import { createUserMachine } from './create-user';
import type { ModalOutput } from './user-form.ts';
import { updateUserMachine } from './update-user';
import { addressKeeper, addressWrite } from './address-keeper.ts';

export { currentPageRows } from './browser-list.ts';

export interface UserListInput extends BrowserListInput {
  /** The signed-in user's id and role, handed to the modals: section 6 decides what they may do. */
  currentUserId: number;
  currentRoleId: number;
}

export interface UserListContext extends BrowserListContext<UserRow, SortKey> {
  currentUserId: number;
  currentRoleId: number;
  /** The user the Update User modal edits while it is open. */
  editedUser: User | null;
}

export type UserListEvent =
  | BrowserListEvent<UserRow, SortKey>
  | { type: 'modal.create.open' }
  | { type: 'modal.update.open'; userId: number };

/**
 * The users as the list kit shows any list: searched by name, e-mail and role,
 * sorted by a column (the server's order until a header is pressed), paged by ten,
 * all of it kept in the address; rows chosen by user id; loaded again behind the
 * rows on screen after a save.
 */
const users = listRegion(
  browserListMachine<UserRow, SortKey>({
    id: 'users',
    sortKeys: ['name', 'email', 'role'],
    defaultSort: null,
    compare: (key) => (a, b) => compareRows(a, b, key),
    matches: rowMatches,
    idOf: (row) => row.user.id,
    choosesRows: true,
    reloadsInPlace: true,
  }),
);

/** Whether every row of the shown page is chosen (and there is at least one). */
export function pageIsSelected(context: UserListContext): boolean {
  return pageIsChosen(context, (row) => row.user.id);
}

/**
 * The user list: the list kit's machine (its rows, search, sort, pages, address
 * and chosen rows) beside the modal, as parallel regions. Each modal is its own
 * machine, invoked while open and stopped when it finishes; a saved modal makes
 * the list load again behind its rows, so it shows the server's fresh data.
 */
export const userListMachine = setup({
  types: {
    input: {} as UserListInput,
    context: {} as UserListContext,
    events: {} as UserListEvent,
    children: {} as { createUserModal: 'createUserModal'; updateUserModal: 'updateUserModal'; address: 'keepAddress' },
    tags: {} as 'loading',
  },
  actors: {
    ...users.actors,
    keepAddress: addressKeeper.actor,
    loadRows: fromPromise<readonly UserRow[], ListLoadRequest>(async () => {
      throw new Error('loadRows must be provided');
    }),
    createUserModal: createUserMachine,
    updateUserModal: updateUserMachine,
  },
  actions: {
    ...users.actions,
    /** The API client has already shown the server's message; this only logs. */
    logError: (_, _params: { error: unknown }) => {},
    /** Asks the address keeper to show the list's query in the address. */
    writeAddress: sendTo('address', (_, params: { query: string }) => addressWrite(params.query)),
    rememberEditedUser: assign(({ context, event }) => {
      assertEvent(event, 'modal.update.open');
      return { editedUser: context.rows.find((row) => row.user.id === event.userId)?.user ?? null };
    }),
    forgetEditedUser: assign({ editedUser: null }),
    refresh: raise({ type: 'retry' }),
  },
  guards: {
    ...users.guards,
    userIsListed: ({ context, event }) => {
      assertEvent(event, 'modal.update.open');
      return context.rows.some((row) => row.user.id === event.userId);
    },
    modalSaved: (_, params: { output: ModalOutput }) => params.output.saved,
    // Creating needs the list: its e-mails are what the duplicate check compares against.
    listIsLoaded: or([stateIn({ list: 'ready' }), stateIn({ list: 'empty' })]),
  },
}).createMachine({
  id: 'userList',
  context: (args) => ({
    ...users.context(args),
    currentUserId: args.input.currentUserId,
    currentRoleId: args.input.currentRoleId,
    editedUser: null,
  }),
  type: 'parallel',
  states: {
    list: users.chart,
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
            input: ({ context }) => ({ currentRoleId: context.currentRoleId, existingEmails: emailsOf(context) }),
            onDone: [
              { guard: { type: 'modalSaved', params: ({ event }) => ({ output: event.output }) }, target: 'closed', actions: 'refresh' },
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
              existingEmails: emailsOf(context),
            }),
            onDone: [
              { guard: { type: 'modalSaved', params: ({ event }) => ({ output: event.output }) }, target: 'closed', actions: 'refresh' },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
});

/** The e-mails already taken, as the modals' duplicate check compares them. */
function emailsOf(context: UserListContext): ReadonlySet<string> {
  return new Set(context.rows.map((row) => normaliseEmail(row.user.email)));
}
