import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RoleId } from '../../api/client.ts';
import { ADMIN, USER } from '../../domain/users/roles.ts';
import type { updateUserMachine, UpdateUserTextField } from '../../machines/update-user.ts';
import { Dialog } from './Dialog.tsx';
import { RoleField, TextField } from './fields.tsx';

type UpdateUserActor = ActorRefFrom<typeof updateUserMachine>;

const ROLE_CANDIDATES: readonly RoleId[] = [ADMIN, USER];
const sameList = (a: readonly RoleId[], b: readonly RoleId[]) => a.length === b.length && a.every((x, i) => x === b[i]);

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
    <Dialog title="Update User" onClose={close}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="dialog__grid">
          <TextField label="Name" value={name} onChange={setName} readOnly={busy} required />
          <TextField label="Email" type="email" value={email} onChange={setEmail} readOnly={busy} required />
          <TextField label="Password" type="password" value={storedPassword} disabled />
          <RoleField value={roleId} choices={roleChoices} onChange={(next) => modal.send({ type: 'form.role.change', roleId: next })} />
          <TextField label="New Password" type="password" value={newPassword} onChange={setNewPassword} readOnly={busy} autoComplete="new-password" />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close} disabled={!canClose}>
            Close
          </button>
          <button type="submit" className="button" disabled={!canSubmit}>
            Update
          </button>
        </div>
      </form>
    </Dialog>
  );
}
