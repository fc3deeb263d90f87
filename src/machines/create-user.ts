import { assertEvent, fromPromise, setup } from 'xstate';
import type { RoleId, Salesperson, SalespersonCreate, User, UserCreate } from '../api/client';
import { newUserProblems, type NewUserField, type NewUserFields } from '../domain/rules/people.ts';
import { creatableRoles, initialNewUserRole } from '../domain/rules/roles.ts';
import { NO_PROBLEMS, saveFailed } from './form-problems.ts';
import { leavingStates, leavingTransitions, openedWith } from './modal-leaving.ts';
import { userFormParts, type ModalOutput, type UserFormContext, type UserFormEvent } from './user-form.ts';

export type CreateUserTextField = 'name' | 'email' | 'password' | 'phone' | 'mobile';

export interface CreateUserInput {
  /** The signed-in user's role decides which roles may be given. */
  currentRoleId: number;
  /** The list's e-mail addresses, normalised, for the duplicate check. */
  existingEmails: ReadonlySet<string>;
}

export interface CreateUserContext extends CreateUserInput, UserFormContext<NewUserFields, NewUserField> {}

/** The form's fields in the order the modal shows them. */
export const CREATE_USER_FIELDS: readonly NewUserField[] = ['name', 'email', 'password', 'role_id', 'phone', 'mobile'];

export type CreateUserEvent = UserFormEvent<CreateUserTextField>;

export const USER_CREATED = 'User created successfully';

export const emptyNewUser = (currentRoleId: number): NewUserFields => ({
  name: '',
  email: '',
  password: '',
  role_id: initialNewUserRole(currentRoleId) ?? 0,
  phone: '',
  mobile: '',
});

const form = userFormParts<NewUserFields, NewUserField, CreateUserContext, CreateUserEvent>({
  problemsOf: (context) => newUserProblems(context.form, context.existingEmails),
  fields: CREATE_USER_FIELDS,
});

/**
 * The Create User modal. Submitting shows every problem under its field at once;
 * a valid form creates the user, then its salesperson record; a refusal lands
 * under the fields it names, and any failure returns to the form with
 * everything typed kept.
 * Closing an unchanged form discards it; closing a changed one (Close, Escape, the
 * backdrop) or leaving the page with it (a link, Back) asks first, as every form does.
 * The list stops this actor when it reaches a final state.
 */
export const createUserMachine = setup({
  types: {
    input: {} as CreateUserInput,
    context: {} as CreateUserContext,
    events: {} as CreateUserEvent,
    output: {} as ModalOutput,
  },
  actors: {
    createUser: fromPromise<User, UserCreate>(async () => {
      throw new Error('createUser must be provided');
    }),
    createSalesperson: fromPromise<Salesperson, SalespersonCreate>(async () => {
      throw new Error('createSalesperson must be provided');
    }),
  },
  actions: form.actions,
  guards: {
    ...form.guards,
    roleIsSelectable: ({ context, event }) => {
      assertEvent(event, 'form.role.change');
      return creatableRoles(context.currentRoleId).includes(event.roleId as RoleId);
    },
  },
}).createMachine({
  id: 'createUser',
  context: ({ input }) => ({ ...input, ...openedWith(emptyNewUser(input.currentRoleId)), ...NO_PROBLEMS }),
  initial: 'editing',
  // Each final state names its own output; the modal's output is the one it ended in.
  output: ({ event }) => event.output as ModalOutput,
  states: {
    editing: {
      on: {
        'form.change': { actions: ['updateField', 'preparePasswordRule'] },
        'form.role.change': { guard: 'roleIsSelectable', actions: 'chooseRole' },
        'form.submit': [{ guard: 'formIsInvalid', actions: 'showProblems' }, { target: 'creatingUser' }],
        ...leavingTransitions,
      },
    },
    ...leavingStates,
    creatingUser: {
      tags: ['busy'],
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => ({
          name: context.form.name.trim(),
          email: context.form.email.trim(),
          password: context.form.password,
          role_id: context.form.role_id as RoleId,
          status: 1 as const,
        }),
        onDone: 'creatingSalesperson',
        onError: saveFailed,
      },
    },
    creatingSalesperson: {
      tags: ['busy'],
      invoke: {
        id: 'createSalesperson',
        src: 'createSalesperson',
        input: ({ context }) => ({
          name: context.form.name.trim(),
          email: context.form.email.trim(),
          phone: context.form.phone.trim(),
          mobile: context.form.mobile.trim(),
          status: 1 as const,
        }),
        onDone: 'created',
        // The user exists by now, so the list must refetch even though this step failed.
        onError: {
          target: 'createdWithoutSalesperson',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: {
      type: 'final',
      entry: { type: 'notifySuccess', params: { message: USER_CREATED } },
      output: { saved: true },
    },
    createdWithoutSalesperson: {
      type: 'final',
      output: { saved: true },
    },
  },
});
