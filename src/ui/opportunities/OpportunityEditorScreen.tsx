import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { formatAmountInput } from '../../domain/rules/amounts.ts';
import { MAX_CUSTOMER_LENGTH, weightedUnitsOf, type OpportunityChoices, type OpportunityForm } from '../../domain/opportunities/editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { useCurrency } from '../kit/services.tsx';
import { formatUnits, stageLabel } from '../kit/format.ts';
import { InputField, SelectField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useChoices, useFormField, useRecordEditor, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';
import { opportunityEditorFlow } from '../../wiring/opportunity-editor.ts';
import './opportunity-editor.css';

const ADD_ROUTE = '/add-Opportunity';

type OpportunityEditorActor = RecordEditorActor<OpportunityForm, OpportunityChoices>;

/** /add-Opportunity and /edit-Opportunity/:id: a deal's customer, salesperson, stage, date, revenue and probability. */
export default function OpportunityEditorScreen() {
  const [path] = useLocation();
  const recordId = editedRecordOf(path, ADD_ROUTE);
  if (recordId === undefined) return <NotFound />;
  // A key per record: another opportunity's address is another editor.
  return <OpportunityEditor key={recordId ?? 'new'} recordId={recordId} />;
}

function OpportunityEditor({ recordId }: { recordId: number | null }) {
  const editor = useRecordEditor(opportunityEditorFlow, recordId);
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Opportunity' : 'Edit Opportunity'} subject="the opportunity">
      <OpportunityFields editor={editor} />
    </RecordEditorFrame>
  );
}

function OpportunityFields({ editor }: { editor: OpportunityEditorActor }) {
  const choices = useChoices(editor);
  const [customer, setCustomer, customerProblem] = useFormField(editor, 'customer');
  const [salespersonId, setSalespersonId, salespersonIdProblem] = useFormField(editor, 'salespersonId');
  const [stage, setStage, stageProblem] = useFormField(editor, 'stage');
  const [date, setDate, dateProblem] = useFormField(editor, 'date');
  const [revenue, setRevenue, revenueProblem] = useFormField(editor, 'revenue');
  const [probability, setProbability, probabilityProblem] = useFormField(editor, 'probability');
  const locale = useSelector(editor, (state) => state.context.form.locale);
  return (
    <>
      <InputField
        label="Customer"
        value={customer}
        problem={customerProblem}
        onChange={setCustomer}
        required
        wide
        maxLength={MAX_CUSTOMER_LENGTH}
        suggestions={choices?.customers ?? []}
        hint="A customer not in the directory yet is added to it."
      />
      <SelectField
        label="Salesperson"
        value={salespersonId}
        problem={salespersonIdProblem}
        onChange={setSalespersonId}
        required
        emptyLabel="Choose a salesperson"
        options={(choices?.salespersons ?? []).map((salesperson) => ({ value: String(salesperson.id), label: salesperson.name }))}
      />
      <SelectField
        label="Stage"
        value={stage}
        problem={stageProblem}
        onChange={setStage}
        required
        options={(choices?.stages ?? []).map((name) => ({ value: name, label: stageLabel(name) }))}
      />
      <InputField label="Date" type="date" value={date} problem={dateProblem} onChange={setDate} required />
      <InputField
        label="Revenue"
        inputMode="decimal"
        value={revenue}
        problem={revenueProblem}
        onChange={setRevenue}
        required
        hint={`In currency units, such as ${formatAmountInput(1234.5, locale, true)}; at most two decimals.`}
      />
      <InputField
        label="Probability (%)"
        inputMode="numeric"
        value={probability}
        problem={probabilityProblem}
        onChange={setProbability}
        required
        hint="A whole number from 0 to 100."
      />
      <WeightedRevenue editor={editor} />
    </>
  );
}

/** Revenue × probability / 100, as the dashboard weighs it, following what is typed. */
function WeightedRevenue({ editor }: { editor: OpportunityEditorActor }) {
  const currency = useCurrency();
  const id = useId();
  const units = useSelector(editor, (state) => weightedUnitsOf(state.context.form));
  return (
    <div className="field opportunity-editor__weighted">
      <label htmlFor={id}>Weighted revenue</label>
      <output id={id} aria-live="polite">
        {units === null ? 'Enter revenue and probability' : formatUnits(units, currency)}
      </output>
    </div>
  );
}
