import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ROLE_IDS, type RoleId } from '../../domain/rules/roles.ts';
import type { createUserMachine } from '../../machines/create-user.ts';
import type { updateUserMachine } from '../../machines/update-user.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { LeaveDialog } from '../kit/record-editor/RecordEditorFrame.tsx';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { InputField } from '../kit/form/fields.tsx';
import { ProblemForm } from '../kit/form/ProblemForm.tsx';
import { useFormProblems, useProblem } from '../kit/form/use-problems.ts';
import { RoleField } from './RoleField.tsx';

export type CreateUserActor = ActorRefFrom<typeof createUserMachine>;
export type UpdateUserActor = ActorRefFrom<typeof updateUserMachine>;
type UserModalActor = CreateUserActor | UpdateUserActor;

const sameList = (a: readonly RoleId[], b: readonly RoleId[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The Role select of a user modal: the roles offered are exactly those the machine (and so the server) accepts. */
export function ModalRoleField({ modal, hint }: { modal: UserModalActor; hint?: string | undefined }) {
  const roleId = useSelector(modal, (state) => state.context.form.role_id);
  const roleChoices = useSelector(
    modal,
    (state) => ROLE_IDS.filter((candidate) => state.can({ type: 'form.role.change', roleId: candidate })),
    sameList,
  );
  return (
    <RoleField
      value={roleId}
      choices={roleChoices}
      onChange={(next) => modal.send({ type: 'form.role.change', roleId: next })}
      hint={hint}
      problem={useProblem(modal, 'role_id')}
    />
  );
}

interface ModalTextFieldProps {
  modal: UserModalActor;
  label: string;
  /** The request body's name for the field: its problems are keyed by it. */
  field: string;
  value: string;
  onChange?: ((value: string) => void) | undefined;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  required?: boolean;
  hint?: string | undefined;
}

/** A text field of a user modal, with the problem the machine shows under it; read-only while sending or when it may not change. */
export function ModalTextField({ modal, label, field, value, onChange, type = 'text', autoComplete = 'off', required, hint }: ModalTextFieldProps) {
  const busy = useBusy(modal);
  const problem = useProblem(modal, field);
  return (
    <InputField
      label={label}
      type={type}
      value={value}
      onChange={busy ? undefined : onChange}
      autoComplete={autoComplete}
      required={required}
      hint={hint}
      problem={problem}
    />
  );
}

/** Whether a user modal is sending, so its fields go read-only. */
export function useBusy(modal: UserModalActor): boolean {
  return useSelector(modal, (state) => state.hasTag('busy'));
}

interface UserFormDialogProps {
  modal: UserModalActor;
  title: 'Create User' | 'Update User';
  submitLabel: 'Create' | 'Update';
  /** One line above the fields saying why some or all of them cannot change. */
  notice?: string | null;
  children: ReactNode;
}

/**
 * A user modal's dialog and form with its Close and submit buttons; the machine says when
 * each is allowed. With changes typed, closing it or leaving the page asks first, in the
 * question every form asks; keeping them brings the form back as it was.
 */
export function UserFormDialog({ modal, title, submitLabel, notice, children }: UserFormDialogProps) {
  const busy = useBusy(modal);
  const canSubmit = useSelector(modal, (state) => state.can({ type: 'form.submit' }));
  const canClose = useSelector(modal, (state) => state.can({ type: 'modal.close' }));
  const askingToLeave = useSelector(modal, (state) => state.hasTag('askingToLeave'));
  // Held while a changed form could be left, and while the question is open.
  const holding = useSelector(modal, (state) => state.can({ type: 'leave.request', to: '' }) || state.hasTag('askingToLeave'));
  const { problemsShown, formProblem } = useFormProblems(modal);
  const close = () => canClose && modal.send({ type: 'modal.close' });
  useLeaveGuard(holding, (to) => modal.send({ type: 'leave.request', to }));

  if (askingToLeave) {
    return <LeaveDialog onStay={() => modal.send({ type: 'leave.cancel' })} onLeave={() => modal.send({ type: 'leave.confirm' })} />;
  }

  return (
    <Dialog title={title} onClose={close}>
      <ProblemForm onSubmit={() => modal.send({ type: 'form.submit' })} busy={busy} problemsShown={problemsShown} formProblem={formProblem}>
        {notice ? <p className="dialog__notice">{notice}</p> : null}
        <div className="dialog__grid">{children}</div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close} disabled={!canClose}>
            Close
          </button>
          <button type="submit" className="button" disabled={!canSubmit}>
            {submitLabel}
          </button>
        </div>
      </ProblemForm>
    </Dialog>
  );
}
