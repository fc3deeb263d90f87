import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { NotFound } from '../NotFound.tsx';
import { Spinner } from '../Spinner.tsx';
import { ProblemForm } from '../form/ProblemForm.tsx';
import { useFormProblems } from '../form/use-problems.ts';
import type { RecordEditorActor } from './use-record-editor.ts';
import './records.css';

interface RecordEditorFrameProps<Form extends object, Choices> {
  editor: RecordEditorActor<Form, Choices>;
  /** The screen's heading, e.g. 'Add Customer' or 'Edit Customer'. */
  title: string;
  /** What is loading, for the spinner's label: 'the customer'. */
  subject: string;
  /** The form's fields; rendered once the editor has loaded. */
  children: ReactNode;
}

/**
 * An add or edit screen around its fields: each state of the editor drawn
 * explicitly (loading, failed with 'Try again', not found as the fallback page,
 * the form with every problem under its field), and the form's Cancel and Save,
 * which reads 'Saving...' while saving.
 */
export function RecordEditorFrame<Form extends object, Choices>({
  editor,
  title,
  subject,
  children,
}: RecordEditorFrameProps<Form, Choices>) {
  const loading = useSelector(editor, (state) => state.hasTag('loading'));
  const failed = useSelector(editor, (state) => state.hasTag('failed'));
  const notFound = useSelector(editor, (state) => state.hasTag('notFound'));
  const saving = useSelector(editor, (state) => state.hasTag('saving'));
  const canSave = useSelector(editor, (state) => state.can({ type: 'form.submit' }));
  const canCancel = useSelector(editor, (state) => state.can({ type: 'editor.cancel' }));
  const { problemsShown, formProblem } = useFormProblems(editor);

  if (notFound) return <NotFound />;

  return (
    <section className="record-editor" aria-labelledby="record-editor-title">
      <h1 id="record-editor-title">{title}</h1>
      {loading ? <Spinner label={`Loading ${subject}`} /> : null}
      {failed ? (
        <div className="card" role="alert">
          <p>{`${capitalise(subject)} could not be loaded.`}</p>
          <button type="button" className="button button--secondary" onClick={() => editor.send({ type: 'retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {!loading && !failed ? (
        <ProblemForm
          className="card record-editor__form"
          onSubmit={() => editor.send({ type: 'form.submit' })}
          busy={saving}
          problemsShown={problemsShown}
          formProblem={formProblem}
        >
          <fieldset className="record-editor__fields" disabled={saving}>
            {children}
          </fieldset>
          <div className="record-editor__actions">
            <button type="button" className="button button--secondary" disabled={!canCancel} onClick={() => editor.send({ type: 'editor.cancel' })}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={!canSave}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </ProblemForm>
      ) : null}
    </section>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
