import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RoleId, User } from '../api/client';
import { assignableRoles } from '../domain/users/roles';
import { userUpdateRequest, type UserUpdateRequest } from '../domain/users/update-route';
import { userChangeProblem } from '../domain/validation';
import type { ModalOutput } from './create-user';

export type UpdateUserTextField = 'name' | 'email' | 'newPassword';

export interface UpdateUserInput {
  /** The user as the list holds it; its password is the server's mask or ''. */
  user: User;
  /** The list's e-mail addresses, normalised, for the duplicate check. */
  existingEmails: ReadonlySet<string>;
}

export interface UpdateUserForm {
  name: string;
  email: string;
  role_id: number;
  newPassword: string;
}

export interface UpdateUserContext extends UpdateUserInput {
  form: UpdateUserForm;
}

export type UpdateUserEvent =
  | { type: 'form.change'; field: UpdateUserTextField; value: string }
  | { type: 'form.role.change'; roleId: number }
  | { type: 'form.submit' }
  | { type: 'modal.close' };

export const USER_UPDATED = 'User updated successfully';

/**
 * The Update User modal. A typed new password goes to the hashing endpoint,
 * otherwise the nohash one with the password the list holds; the super admin
 * goes through the admin endpoints (the choice is `userUpdateRequest`'s). A failure
 * returns to the form with everything typed kept; Close discards it.
 */
export const updateUserMachine = setup({
  types: {
    input: {} as UpdateUserInput,
    context: {} as UpdateUserContext,
    events: {} as UpdateUserEvent,
    output: {} as ModalOutput,
  },
  actors: {
    updateUser: fromPromise<User, UserUpdateRequest>(async () => {
      throw new Error('updateUser must be provided');
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
      return assignableRoles(context.user.role_id).some((role) => role.id === event.roleId);
    },
    formIsInvalid: ({ context }) => problemOf(context) !== null,
  },
}).createMachine({
  id: 'updateUser',
  context: ({ input }) => ({
    ...input,
    form: { name: input.user.name, email: input.user.email, role_id: input.user.role_id, newPassword: '' },
  }),
  initial: 'editing',
  output: ({ event }) => event.output as ModalOutput,
  states: {
    editing: {
      on: {
        'form.change': { actions: 'updateField' },
        'form.role.change': { guard: 'roleIsSelectable', actions: 'chooseRole' },
        'form.submit': [
          {
            guard: 'formIsInvalid',
            actions: { type: 'notifyError', params: ({ context }) => ({ message: problemOf(context)! }) },
          },
          { target: 'saving' },
        ],
        'modal.close': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'updateUser',
        src: 'updateUser',
        input: ({ context }) =>
          userUpdateRequest({
            id: context.user.id,
            storedRoleId: context.user.role_id,
            name: context.form.name,
            email: context.form.email,
            role_id: context.form.role_id as RoleId,
            existingPassword: context.user.password,
            newPassword: context.form.newPassword,
          }),
        onDone: 'updated',
        onError: {
          target: 'editing',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    updated: {
      type: 'final',
      entry: { type: 'notifySuccess', params: { message: USER_UPDATED } },
      output: { saved: true },
    },
    closed: {
      type: 'final',
      output: { saved: false },
    },
  },
});

function problemOf(context: UpdateUserContext): string | null {
  return userChangeProblem(context.form, context.user.email, context.existingEmails);
}
