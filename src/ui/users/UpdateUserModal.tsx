import { useSelector } from '@xstate/react';
import { maskedPassword } from '../../domain/users/list-view.ts';
import type { UpdateUserTextField } from '../../machines/update-user.ts';
import { InputField } from '../kit/form/fields.tsx';
import { ModalRoleField, ModalTextField, UserFormDialog, type UpdateUserActor } from './UserFormDialog.tsx';

function useFormValue(modal: UpdateUserActor, field: UpdateUserTextField): [string, ((value: string) => void) | undefined] {
  const value = useSelector(modal, (state) => state.context.form[field]);
  // A field the caller may not change is shown read-only (section 6), not offered and then refused.
  const editable = useSelector(modal, (state) => state.can({ type: 'form.change', field, value: '' }));
  return [value, editable ? (next) => modal.send({ type: 'form.change', field, value: next }) : undefined];
}

/**
 * The Update User modal: the stored password shows masked and disabled; a new one
 * replaces it. What the caller may not change shows read-only, with the one-line
 * reason above the fields, before anything is typed.
 */
export function UpdateUserModal({ modal }: { modal: UpdateUserActor }) {
  const [name, setName] = useFormValue(modal, 'name');
  const [email, setEmail] = useFormValue(modal, 'email');
  const [newPassword, setNewPassword] = useFormValue(modal, 'newPassword');
  const storedPassword = useSelector(modal, (state) => maskedPassword(state.context.user));
  const reason = useSelector(modal, (state) => state.context.access.reason);

  return (
    <UserFormDialog modal={modal} title="Update User" submitLabel="Update" notice={reason}>
      <ModalTextField modal={modal} field="name" label="Name" value={name} onChange={setName} required />
      <ModalTextField modal={modal} field="email" label="Email" type="email" value={email} onChange={setEmail} required />
      <InputField label="Password" type="password" value={storedPassword} disabled />
      <ModalRoleField modal={modal} />
      <ModalTextField
        modal={modal}
        field="password"
        label="New Password"
        type="password"
        value={newPassword}
        onChange={setNewPassword}
        autoComplete="new-password"
        hint={setNewPassword ? 'Leave empty to keep the current password.' : undefined}
      />
    </UserFormDialog>
  );
}
