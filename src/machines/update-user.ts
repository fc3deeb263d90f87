import { assertEvent, fromPromise, setup } from 'xstate';
import type { RoleId, User } from '../api/client';
import { userChangeProblems, type UserChangeField } from '../domain/rules/people.ts';
import { updateAccess, type Caller, type UpdateAccess, type UserChangeableField } from '../domain/rules/roles.ts';
import type { Problem } from '../domain/rules/problems.ts';
import { userUpdateRequest, type UserUpdateRequest } from '../domain/users/update-route';
import { NO_PROBLEMS, saveFailed } from './form-problems.ts';
import { leavingStates, leavingTransitions, openedWith } from './modal-leaving.ts';
import { userFormParts, type ModalOutput, type UserFormContext, type UserFormEvent } from './user-form.ts';

export type UpdateUserTextField = 'name' | 'email' | 'newPassword';

export interface UpdateUserInput {
  /** The user as the list holds it; its password is the server's mask or ''. */
  user: User;
  /** The signed-in user: section 6 decides what they may change of this user. */
  caller: Caller;
  /** The list's e-mail addresses, normalised, for the duplicate check. */
  existingEmails: ReadonlySet<string>;
}

export interface UpdateUserForm {
  name: string;
  email: string;
  role_id: number;
  newPassword: string;
}

/** Problems are keyed by the request body's names: the new password is the body's `password`. */
export interface UpdateUserContext extends UpdateUserInput, UserFormContext<UpdateUserForm, UserChangeField> {
  /** What the caller may change of this user, decided once, before anything is typed. */
  access: UpdateAccess;
}

/** The modal's fields in the order it shows them, by the request body's names. */
export const UPDATE_USER_FIELDS: readonly UserChangeField[] = ['name', 'email', 'role_id', 'password'];

const CHANGEABLE_OF_TEXT_FIELD: Readonly<Record<UpdateUserTextField, UserChangeableField>> = {
  name: 'name',
  email: 'email',
  newPassword: 'password',
};

export type UpdateUserEvent = UserFormEvent<UpdateUserTextField>;

export const USER_UPDATED = 'User updated successfully';

const form = userFormParts<UpdateUserForm, UserChangeField, UpdateUserContext, UpdateUserEvent>({
  problemsOf,
  fields: UPDATE_USER_FIELDS,
});

/**
 * The Update User modal. Section 6's rules decide, before anything is typed,
 * which fields the caller may change and which roles the selector offers (the
 * very rules the server applies), so nothing the modal submits is refused for a
 * role reason. Submitting shows every problem under its field at once; a
 * refusal lands under the fields it names. A typed new password goes to the hashing endpoint,
 * otherwise the nohash one with the password the list holds; the super admin
 * goes through the admin endpoints (the choice is `userUpdateRequest`'s). A failure
 * returns to the form with everything typed kept. Closing a changed form (Close,
 * Escape, the backdrop) or leaving the page with it (a link, Back) asks first.
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
  actions: form.actions,
  guards: {
    ...form.guards,
    fieldIsEditable: ({ context, event }) => {
      assertEvent(event, 'form.change');
      return context.access.editable.has(CHANGEABLE_OF_TEXT_FIELD[event.field]);
    },
    roleIsSelectable: ({ context, event }) => {
      assertEvent(event, 'form.role.change');
      return context.access.editable.has('role_id') && context.access.roles.includes(event.roleId as RoleId);
    },
    mayChangeAnything: ({ context }) => context.access.editable.size > 0,
  },
}).createMachine({
  id: 'updateUser',
  context: ({ input }) => {
    const form = { name: input.user.name, email: input.user.email, role_id: input.user.role_id, newPassword: '' };
    return { ...input, ...openedWith(form), access: updateAccess(input.caller, input.user), ...NO_PROBLEMS };
  },
  initial: 'editing',
  output: ({ event }) => event.output as ModalOutput,
  states: {
    editing: {
      on: {
        'form.change': { guard: 'fieldIsEditable', actions: ['updateField', 'preparePasswordRule'] },
        'form.role.change': { guard: 'roleIsSelectable', actions: 'chooseRole' },
        // A record the caller may not change has nothing to submit: the modal says why instead.
        'form.submit': [
          { guard: 'formIsInvalid', actions: 'showProblems' },
          { guard: 'mayChangeAnything', target: 'saving' },
        ],
        ...leavingTransitions,
      },
    },
    ...leavingStates,
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
        onError: saveFailed,
      },
    },
    updated: {
      type: 'final',
      entry: { type: 'notifySuccess', params: { message: USER_UPDATED } },
      output: { saved: true },
    },
  },
});

function problemsOf(context: Pick<UpdateUserContext, 'form' | 'user' | 'existingEmails'>): Problem<UserChangeField>[] {
  const { name, email, role_id, newPassword } = context.form;
  return userChangeProblems({ name, email, role_id, password: newPassword }, context.user.email, context.existingEmails);
}
