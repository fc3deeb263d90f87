import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { salespersonEditorMachine, SalespersonField } from '../../machines/salesperson-editor.ts';
import { salespersonEditorFlow } from '../../wiring/salesperson-editor.ts';
import { useFlow } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { LoadFailed } from '../kit/LoadNotice.tsx';
import { formatLatestLogin } from './format.ts';
import { InputField } from '../kit/form/fields.tsx';
import { ProblemForm } from '../kit/form/ProblemForm.tsx';
import { useFormProblems, useProblem } from '../kit/form/use-problems.ts';
import { RecordRoute } from '../kit/record-editor/RecordRoute.tsx';
import './salesperson.css';

type EditorActor = ActorRefFrom<typeof salespersonEditorMachine>;

/** /edit-Salesperson/:id, the id read from the last segment of the address. */
export default function EditSalespersonScreen() {
  return <RecordRoute>{(salespersonId) => <SalespersonEditor salespersonId={salespersonId} />}</RecordRoute>;
}

function SalespersonEditor({ salespersonId }: { salespersonId: number }) {
  const editor = useFlow(salespersonEditorFlow, () => ({ salespersonId }));
  const loading = useSelector(editor, (state) => state.hasTag('loading'));
  const failed = useSelector(editor, (state) => state.hasTag('failed'));

  return (
    <section className="salesperson" aria-labelledby="salesperson-title">
      <h1 id="salesperson-title">Edit Salesperson</h1>
      {loading ? <Spinner label="Loading the salesperson" /> : null}
      {failed ? <LoadFailed onRetry={() => editor.send({ type: 'retry' })}>The salesperson could not be loaded.</LoadFailed> : null}
      {!loading && !failed ? <SalespersonForm editor={editor} /> : null}
    </section>
  );
}

function useNumber(editor: EditorActor, field: SalespersonField): [string, (value: string) => void] {
  const value = useSelector(editor, (state) => state.context.form[field]);
  return [value, (next) => editor.send({ type: 'form.change', field, value: next })];
}

function SalespersonForm({ editor }: { editor: EditorActor }) {
  const name = useSelector(editor, (state) => state.context.salesperson?.name ?? '');
  const email = useSelector(editor, (state) => state.context.salesperson?.email ?? '');
  const latestLogin = useSelector(editor, (state) => state.context.salesperson?.latest_login ?? null);
  const teamNames = useSelector(editor, (state) => state.context.teamNames);
  const [phone, setPhone] = useNumber(editor, 'phone');
  const [mobile, setMobile] = useNumber(editor, 'mobile');
  const saving = useSelector(editor, (state) => state.hasTag('saving'));
  const canSave = useSelector(editor, (state) => state.can({ type: 'form.submit' }));
  const { problemsShown, formProblem } = useFormProblems(editor);
  const nameProblem = useProblem(editor, 'name');
  const emailProblem = useProblem(editor, 'email');
  const phoneProblem = useProblem(editor, 'phone');
  const mobileProblem = useProblem(editor, 'mobile');

  return (
    <ProblemForm
      className="card salesperson__form"
      onSubmit={() => editor.send({ type: 'form.submit' })}
      busy={saving}
      problemsShown={problemsShown}
      formProblem={formProblem}
    >
      <div className="form-grid">
        <InputField label="Name" value={name} problem={nameProblem} />
        <InputField label="Email" type="email" value={email} problem={emailProblem} />
        <InputField label="Phone" type="tel" value={phone} onChange={saving ? undefined : setPhone} problem={phoneProblem} required />
        <InputField label="Mobile" type="tel" value={mobile} onChange={saving ? undefined : setMobile} problem={mobileProblem} required />
        <InputField label="Latest Authentication" value={formatLatestLogin(latestLogin)} />
        <InputField label="Team" value={teamNames} />
      </div>
      <div className="salesperson__actions">
        <button type="submit" className="button" disabled={!canSave}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </ProblemForm>
  );
}
