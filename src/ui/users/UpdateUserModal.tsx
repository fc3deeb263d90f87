import { useSelector } from '@xstate/react';
import { TextField } from '../kit/fields.tsx';
import type { UpdateUserTextField } from '../../machines/update-user.ts';
import { ModalRoleField, UserFormDialog, useBusy, type UpdateUserActor } from './UserFormDialog.tsx';

function useFormValue(modal: UpdateUserActor, field: UpdateUserTextField): [string, (value: string) => void] {
  const value = useSelector(modal, (state) => state.context.form[field]);
  return [value, (next) => modal.send({ type: 'form.change', field, value: next })];
}

/** The Update User modal: the stored password shows masked and disabled; a new one replaces it. */
export function UpdateUserModal({ modal }: { modal: UpdateUserActor }) {
  const [name, setName] = useFormValue(modal, 'name');
  const [email, setEmail] = useFormValue(modal, 'email');
  const [newPassword, setNewPassword] = useFormValue(modal, 'newPassword');
  const storedPassword = useSelector(modal, (state) => state.context.user.password);
  const busy = useBusy(modal);

  return (
    <UserFormDialog modal={modal} title="Update User" submitLabel="Update">
      <TextField label="Name" value={name} onChange={setName} readOnly={busy} required />
      <TextField label="Email" type="email" value={email} onChange={setEmail} readOnly={busy} required />
      <TextField label="Password" type="password" value={storedPassword} disabled />
      <ModalRoleField modal={modal} />
      <TextField label="New Password" type="password" value={newPassword} onChange={setNewPassword} readOnly={busy} autoComplete="new-password" />
    </UserFormDialog>
  );
}
