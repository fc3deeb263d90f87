import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RoleId } from '../../api/client.ts';
import { ADMIN, USER } from '../../domain/users/roles.ts';
import type { createUserMachine, CreateUserTextField } from '../../machines/create-user.ts';
import { Dialog } from './Dialog.tsx';
import { RoleField, TextField } from './fields.tsx';

type CreateUserActor = ActorRefFrom<typeof createUserMachine>;

const ROLE_CANDIDATES: readonly RoleId[] = [ADMIN, USER];
const sameList = (a: readonly RoleId[], b: readonly RoleId[]) => a.length === b.length && a.every((x, i) => x === b[i]);

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
  const roleId = useSelector(modal, (state) => state.context.form.role_id);
  const roleChoices = useSelector(
    modal,
    (state) => ROLE_CANDIDATES.filter((candidate) => state.can({ type: 'form.role.change', roleId: candidate })),
    sameList,
  );
  const busy = useSelector(modal, (state) => state.hasTag('busy'));
  const canSubmit = useSelector(modal, (state) => state.can({ type: 'form.submit' }));
  const canClose = useSelector(modal, (state) => state.can({ type: 'modal.close' }));
  const close = () => canClose && modal.send({ type: 'modal.close' });

  function submit(event: FormEvent) {
    event.preventDefault();
    modal.send({ type: 'form.submit' });
  }

  return (
    <Dialog title="Create User" onClose={close}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="dialog__grid">
          <TextField label="Name" value={name} onChange={setName} readOnly={busy} autoComplete="off" required />
          <TextField label="Email" type="email" value={email} onChange={setEmail} readOnly={busy} autoComplete="off" required />
          <TextField label="Password" type="password" value={password} onChange={setPassword} readOnly={busy} autoComplete="new-password" required />
          <RoleField value={roleId} choices={roleChoices} onChange={(next) => modal.send({ type: 'form.role.change', roleId: next })} />
          <TextField label="Phone" type="tel" value={phone} onChange={setPhone} readOnly={busy} autoComplete="off" required />
          <TextField label="Mobile" type="tel" value={mobile} onChange={setMobile} readOnly={busy} autoComplete="off" required />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close} disabled={!canClose}>
            Close
          </button>
          <button type="submit" className="button" disabled={!canSubmit}>
            Create
          </button>
        </div>
      </form>
    </Dialog>
  );
}
