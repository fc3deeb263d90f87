import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { formatAmountInput } from '../../domain/rules/amounts.ts';
import {
  MAX_CUSTOMER_LENGTH,
  offeredProbability,
  stageChange,
  weightedUnitsOf,
  type OpportunityChoices,
  type OpportunityForm,
} from '../../domain/opportunities/editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { useCurrency } from '../kit/services.tsx';
import { formatUnits, stageLabel } from '../kit/format.ts';
import { InputField, SelectField } from '../kit/form/fields.tsx';
import { CustomerChoice } from '../kit/choices/CustomerChoice.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
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
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Opportunity' : 'Edit Opportunity'} subject="the opportunity"
      deleteConsequence="Its notes are deleted with it, for everyone in your team; its activities, events and attachments stay, without it."
    >
      <OpportunityFields editor={editor} />
    </RecordEditorFrame>
  );
}

function OpportunityFields({ editor }: { editor: OpportunityEditorActor }) {
  const choices = useChoices(editor);
  const [customer, setCustomer, customerProblem] = useFormField(editor, 'customer');
  const [salespersonId, setSalespersonId, salespersonIdProblem] = useFormField(editor, 'salespersonId');
  const [stage, , stageProblem] = useFormField(editor, 'stage');
  const [date, setDate, dateProblem] = useFormField(editor, 'date');
  const [revenue, setRevenue, revenueProblem] = useFormField(editor, 'revenue');
  const [probability, setProbability, probabilityProblem] = useFormField(editor, 'probability');
  const locale = useSelector(editor, (state) => state.context.form.locale);
  return (
    <>
      <CustomerChoice
        value={customer}
        problem={customerProblem}
        onChange={setCustomer}
        required
        wide
        maxLength={MAX_CUSTOMER_LENGTH}
        customers={choices?.customers ?? []}
        hint="A customer not in the directory yet is added to it."
      />
      <SalespersonChoice
        salespersons={choices?.salespersons ?? []}
        value={salespersonId}
        problem={salespersonIdProblem}
        onChange={setSalespersonId}
        required
        placeholder="Choose a salesperson"
      />
      <SelectField
        label="Stage"
        value={stage}
        problem={stageProblem}
        onChange={(next) =>
          choices && editor.send({ type: 'form.change', patch: stageChange(editor.getSnapshot().context.form, next, choices.stageProbabilities) })
        }
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
      <ProbabilityOffer editor={editor} />
      <WeightedRevenue editor={editor} />
    </>
  );
}

/** The stage's default probability, offered when the deal's differs from it. */
function ProbabilityOffer({ editor }: { editor: OpportunityEditorActor }) {
  const offer = useSelector(editor, (state) => (state.context.choices ? offeredProbability(state.context.form, state.context.choices.stageProbabilities) : null));
  const stage = useSelector(editor, (state) => state.context.form.stage);
  if (offer === null) return null;
  return (
    <div className="field opportunity-editor__offer">
      <button type="button" className="button button--secondary" onClick={() => editor.send({ type: 'form.change', patch: { probability: String(offer) } })}>
        Use {offer} %, the {stageLabel(stage).toLowerCase()} default
      </button>
    </div>
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
