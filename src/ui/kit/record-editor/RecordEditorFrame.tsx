import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { formChanged } from '../../../machines/record-editor.ts';
import { Dialog } from '../Dialog.tsx';
import { NotFound } from '../NotFound.tsx';
import { Spinner } from '../Spinner.tsx';
import { LoadFailed } from '../LoadNotice.tsx';
import { useLeaveGuard } from '../use-leave-guard.ts';
import { ProblemForm } from '../form/ProblemForm.tsx';
import { useFormProblems } from '../form/use-problems.ts';
import type { RecordEditorActor } from './use-record-editor.ts';
import '../styles.ts';

interface RecordEditorFrameProps<Form extends object, Choices> {
  editor: RecordEditorActor<Form, Choices>;
  /** The screen's heading, e.g. 'Add Customer' or 'Edit Customer'. */
  title: string;
  /** What is loading or deleted, for the spinner's label and the questions: 'the customer'. */
  subject: string;
  /** What else a delete does, said in the confirmation, e.g. that the customer's opportunities go with it. */
  deleteConsequence?: string;
  /** The form's fields; rendered once the editor has loaded. */
  children: ReactNode;
}

/**
 * An add or edit screen around its fields: each state of the editor drawn
 * explicitly (loading, failed with 'Try again', not found as the fallback page,
 * the form with every problem under its field), the form's Delete (stored
 * records), Cancel and Save, which reads 'Saving...' while saving; the questions
 * before a delete and before leaving a changed form, and the few seconds in
 * which a delete can be undone.
 */
export function RecordEditorFrame<Form extends object, Choices>({
  editor,
  title,
  subject,
  deleteConsequence,
  children,
}: RecordEditorFrameProps<Form, Choices>) {
  const loading = useSelector(editor, (state) => state.hasTag('loading'));
  const failed = useSelector(editor, (state) => state.hasTag('failed'));
  const notFound = useSelector(editor, (state) => state.hasTag('notFound'));
  const saving = useSelector(editor, (state) => state.hasTag('saving'));
  const deleting = useSelector(editor, (state) => state.hasTag('deleting'));
  const deletePending = useSelector(editor, (state) => state.hasTag('deletePending'));
  const confirmingDelete = useSelector(editor, (state) => state.hasTag('confirmingDelete'));
  const askingToLeave = useSelector(editor, (state) => state.hasTag('askingToLeave'));
  const canSave = useSelector(editor, (state) => state.can({ type: 'form.submit' }));
  const canCancel = useSelector(editor, (state) => state.can({ type: 'editor.cancel' }));
  const canDelete = useSelector(editor, (state) => state.can({ type: 'delete.request' }));

  // Shown while it can be asked for and while its question is open, so it does not jump away.
  const offersDelete = useSelector(editor, (state) => canDelete || state.hasTag('confirmingDelete'));
  const changed = useSelector(editor, (state) => (state.matches('editing') || state.hasTag('saving')) && formChanged(state.context));

  useLeaveGuard(changed && !saving, (to) => editor.send({ type: 'leave.request', to }));
  const { problemsShown, formProblem } = useFormProblems(editor);

  if (notFound) return <NotFound />;

  return (
    <section className="record-editor" aria-labelledby="record-editor-title">
      <h1 id="record-editor-title">{title}</h1>
      {loading ? <Spinner label={`Loading ${subject}`} /> : null}
      {failed ? <LoadFailed onRetry={() => editor.send({ type: 'retry' })}>{`${capitalise(subject)} could not be loaded.`}</LoadFailed> : null}
      {!loading && !failed ? (
        <ProblemForm
          className="card record-editor__form"
          onSubmit={() => editor.send({ type: 'form.submit' })}
          busy={saving || deleting}
          problemsShown={problemsShown}
          formProblem={formProblem}
        >
          <fieldset className="record-editor__fields" disabled={saving || deleting || deletePending}>
            {children}
          </fieldset>
          {deletePending || deleting ? (
            <div className="record-editor__undo" role="status">
              <span>{deleting ? `Deleting ${subject}...` : `${capitalise(subject)} will be deleted in a few seconds.`}</span>
              {deletePending ? (
                // Focused, so Enter or Space undoes at once.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                <button type="button" className="button button--secondary" autoFocus onClick={() => editor.send({ type: 'delete.undo' })}>
                  Undo
                </button>
              ) : null}
            </div>
          ) : (
            <div className="record-editor__actions">
              {offersDelete ? (
                <button type="button" className="button button--danger record-editor__delete" onClick={() => editor.send({ type: 'delete.request' })}>
                  Delete
                </button>
              ) : null}
              <button type="button" className="button button--secondary" disabled={!canCancel} onClick={() => editor.send({ type: 'editor.cancel' })}>
                Cancel
              </button>
              <button type="submit" className="button" disabled={!canSave}>
                {saving ? 'Saving...' : 'Save'}
              </button>
            </div>
          )}
        </ProblemForm>
      ) : null}
      {confirmingDelete ? (
        <Dialog title={`Delete ${subject}?`} onClose={() => editor.send({ type: 'delete.cancel' })}>
          <p>{deleteConsequence ?? `${capitalise(subject)} will be gone for everyone in your team.`}</p>
          <p className="record-editor__hint">You can undo this for a few seconds.</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => editor.send({ type: 'delete.cancel' })}>
              Keep it
            </button>
            <button type="button" className="button button--danger" onClick={() => editor.send({ type: 'delete.confirm' })}>
              Delete
            </button>
          </div>
        </Dialog>
      ) : null}
      {askingToLeave ? <LeaveDialog onStay={() => editor.send({ type: 'leave.cancel' })} onLeave={() => editor.send({ type: 'leave.confirm' })} /> : null}
    </section>
  );
}

/** The one question before changes are thrown away, on every form that can lose them. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog title="Discard your changes?" onClose={onStay}>
      <p>You have changes that are not saved. If you leave now, they are lost.</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onStay}>
          Keep editing
        </button>
        <button type="button" className="button button--danger" onClick={onLeave}>
          Discard changes
        </button>
      </div>
    </Dialog>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
