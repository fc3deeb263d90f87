import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RoleId, Salesperson, SalespersonCreate, User, UserCreate } from '../api/client';
import { creatableRoles, DEFAULT_NEW_USER_ROLE } from '../domain/users/roles';
import { newUserProblem, type NewUserFields } from '../domain/validation';

export type CreateUserTextField = 'name' | 'email' | 'password' | 'phone' | 'mobile';

export interface CreateUserInput {
  /** The signed-in user's role decides which roles may be given. */
  currentRoleId: number;
  /** The list's e-mail addresses, normalised, for the duplicate check. */
  existingEmails: ReadonlySet<string>;
}

export interface CreateUserContext extends CreateUserInput {
  form: NewUserFields;
}

export type CreateUserEvent =
  | { type: 'form.change'; field: CreateUserTextField; value: string }
  | { type: 'form.role.change'; roleId: number }
  | { type: 'form.submit' }
  | { type: 'modal.close' };

/** What the list learns when the modal is gone: whether it must refetch. */
export interface ModalOutput {
  saved: boolean;
}

export const USER_CREATED = 'User created successfully';

export const emptyNewUser = (): NewUserFields => ({
  name: '',
  email: '',
  password: '',
  role_id: DEFAULT_NEW_USER_ROLE,
  phone: '',
  mobile: '',
});

/**
 * The Create User modal. Submitting a valid form creates the user, then its
 * salesperson record; a failure returns to the form with everything typed kept.
 * Closing discards the form; the list stops this actor when it reaches a final state.
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
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    /** The API client has already shown the server's message; this only logs. */
    logError: (_, _params: { error: unknown }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    chooseRole: assign(({ context, event }) => {
      assertEvent(event, 'form.role.change');
      return { form: { ...context.form, role_id: event.roleId } };
    }),
  },
  guards: {
    roleIsSelectable: ({ context, event }) => {
      assertEvent(event, 'form.role.change');
      return creatableRoles(context.currentRoleId).some((role) => role.id === event.roleId);
    },
    formIsInvalid: ({ context }) => newUserProblem(context.form, context.existingEmails) !== null,
  },
}).createMachine({
  id: 'createUser',
  context: ({ input }) => ({
    ...input,
    form: {
      ...emptyNewUser(),
      // An Admin can only give User, which is also the default; never a role they cannot pick.
      role_id: creatableRoles(input.currentRoleId).some((role) => role.id === DEFAULT_NEW_USER_ROLE)
        ? DEFAULT_NEW_USER_ROLE
        : creatableRoles(input.currentRoleId)[0]!.id,
    },
  }),
  initial: 'editing',
  // Each final state names its own output; the modal's output is the one it ended in.
  output: ({ event }) => event.output as ModalOutput,
  states: {
    editing: {
      on: {
        'form.change': { actions: 'updateField' },
        'form.role.change': { guard: 'roleIsSelectable', actions: 'chooseRole' },
        'form.submit': [
          {
            guard: 'formIsInvalid',
            actions: {
              type: 'notifyError',
              params: ({ context }) => ({ message: newUserProblem(context.form, context.existingEmails)! }),
            },
          },
          { target: 'creatingUser' },
        ],
        'modal.close': 'closed',
      },
    },
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
        onError: {
          target: 'editing',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
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
    closed: {
      type: 'final',
      output: { saved: false },
    },
  },
});
