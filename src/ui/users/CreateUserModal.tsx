import { useSelector } from '@xstate/react';
import { TextField } from '../kit/fields.tsx';
import type { CreateUserTextField } from '../../machines/create-user.ts';
import { ModalRoleField, UserFormDialog, useBusy, type CreateUserActor } from './UserFormDialog.tsx';

function useFormValue(modal: CreateUserActor, field: CreateUserTextField): [string, (value: string) => void] {
  const value = useSelector(modal, (state) => state.context.form[field]);
  return [value, (next) => modal.send({ type: 'form.change', field, value: next })];
}

/** The Create User modal; what may be chosen and sent is the machine's to say. */
export function CreateUserModal({ modal }: { modal: CreateUserActor }) {
  const [name, setName] = useFormValue(modal, 'name');
  const [email, setEmail] = useFormValue(modal, 'email');
  const [password, setPassword] = useFormValue(modal, 'password');
  const [phone, setPhone] = useFormValue(modal, 'phone');
  const [mobile, setMobile] = useFormValue(modal, 'mobile');
  const busy = useBusy(modal);

  return (
    <UserFormDialog modal={modal} title="Create User" submitLabel="Create">
      <TextField label="Name" value={name} onChange={setName} readOnly={busy} autoComplete="off" required />
      <TextField label="Email" type="email" value={email} onChange={setEmail} readOnly={busy} autoComplete="off" required />
      <TextField label="Password" type="password" value={password} onChange={setPassword} readOnly={busy} autoComplete="new-password" required />
      <ModalRoleField modal={modal} />
      <TextField label="Phone" type="tel" value={phone} onChange={setPhone} readOnly={busy} autoComplete="off" required />
      <TextField label="Mobile" type="tel" value={mobile} onChange={setMobile} readOnly={busy} autoComplete="off" required />
    </UserFormDialog>
  );
}
