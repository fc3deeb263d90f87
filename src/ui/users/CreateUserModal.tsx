import { useSelector } from '@xstate/react';
import type { CreateUserTextField } from '../../machines/create-user.ts';
import { ModalRoleField, ModalTextField, UserFormDialog, type CreateUserActor } from './UserFormDialog.tsx';

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

  return (
    <UserFormDialog modal={modal} title="Create User" submitLabel="Create">
      <ModalTextField modal={modal} field="name" label="Name" value={name} onChange={setName} required />
      <ModalTextField modal={modal} field="email" label="Email" type="email" value={email} onChange={setEmail} required />
      <ModalTextField modal={modal} field="password" label="Password" type="password" value={password} onChange={setPassword} autoComplete="new-password" required />
      <ModalRoleField modal={modal} />
      <ModalTextField modal={modal} field="phone" label="Phone" type="tel" value={phone} onChange={setPhone} required />
      <ModalTextField modal={modal} field="mobile" label="Mobile" type="tel" value={mobile} onChange={setMobile} required />
    </UserFormDialog>
  );
}
