import type { FormEvent, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RoleId } from '../../api/client.ts';
import { ADMIN, USER } from '../../domain/users/roles.ts';
import type { createUserMachine } from '../../machines/create-user.ts';
import type { updateUserMachine } from '../../machines/update-user.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { RoleField } from '../kit/fields.tsx';

export type CreateUserActor = ActorRefFrom<typeof createUserMachine>;
export type UpdateUserActor = ActorRefFrom<typeof updateUserMachine>;
type UserModalActor = CreateUserActor | UpdateUserActor;

const ROLE_CANDIDATES: readonly RoleId[] = [ADMIN, USER];
const sameList = (a: readonly RoleId[], b: readonly RoleId[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The Role select of a user modal: the roles offered are those the machine would accept. */
export function ModalRoleField({ modal }: { modal: UserModalActor }) {
  const roleId = useSelector(modal, (state) => state.context.form.role_id);
  const roleChoices = useSelector(
    modal,
    (state) => ROLE_CANDIDATES.filter((candidate) => state.can({ type: 'form.role.change', roleId: candidate })),
    sameList,
  );
  return <RoleField value={roleId} choices={roleChoices} onChange={(next) => modal.send({ type: 'form.role.change', roleId: next })} />;
}

/** Whether a user modal is sending, so its fields go read-only. */
export function useBusy(modal: UserModalActor): boolean {
  return useSelector(modal, (state) => state.hasTag('busy'));
}

interface UserFormDialogProps {
  modal: UserModalActor;
  title: 'Create User' | 'Update User';
  submitLabel: 'Create' | 'Update';
  children: ReactNode;
}

/** A user modal's dialog and form with its Close and submit buttons; the machine says when each is allowed. */
export function UserFormDialog({ modal, title, submitLabel, children }: UserFormDialogProps) {
  const busy = useBusy(modal);
  const canSubmit = useSelector(modal, (state) => state.can({ type: 'form.submit' }));
  const canClose = useSelector(modal, (state) => state.can({ type: 'modal.close' }));
  const close = () => canClose && modal.send({ type: 'modal.close' });

  function submit(event: FormEvent) {
    event.preventDefault();
    modal.send({ type: 'form.submit' });
  }

  return (
    <Dialog title={title} onClose={close}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="dialog__grid">{children}</div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close} disabled={!canClose}>
            Close
          </button>
          <button type="submit" className="button" disabled={!canSubmit}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
