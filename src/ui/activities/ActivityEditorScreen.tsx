import { useLocation } from 'wouter';
import { ACTIVITY_KINDS } from '../../domain/activities/activity.ts';
import { MAX_NOTES_LENGTH, MAX_SUBJECT_LENGTH, type ActivityChoices, type ActivityForm } from '../../domain/activities/editor.ts';
import { activityEditorFlow } from '../../wiring/activity-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { OpportunityChoice } from '../kit/choices/OpportunityChoice.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
import { CheckboxField, InputField, SelectField, TextAreaField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useChoices, useFormField, useRecordEditor, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';
import './activities.css';

const ADD_ROUTE = '/add-Activity';
type Editor = RecordEditorActor<ActivityForm, ActivityChoices>;

const kindOptions = ACTIVITY_KINDS.map(({ kind, label }) => ({ value: kind, label }));

/** /add-Activity and /edit-Activity/:id: one call, meeting, e-mail, task or deadline. */
export default function ActivityEditorScreen() {
  const [path] = useLocation();
  const recordId = editedRecordOf(path, ADD_ROUTE);
  if (recordId === undefined) return <NotFound />;
  // A key per record: another activity's address is another editor.
  return <ActivityEditor key={recordId ?? 'new'} recordId={recordId} />;
}

function ActivityEditor({ recordId }: { recordId: number | null }) {
  const editor = useRecordEditor(activityEditorFlow, recordId);
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Activity' : 'Edit Activity'} subject="the activity">
      <ActivityFields editor={editor} />
    </RecordEditorFrame>
  );
}

function ActivityFields({ editor }: { editor: Editor }) {
  const choices = useChoices(editor);
  const [kind, setKind, kindProblem] = useFormField(editor, 'kind');
  const [subject, setSubject, subjectProblem] = useFormField(editor, 'subject');
  const [dueDate, setDueDate, dueDateProblem] = useFormField(editor, 'dueDate');
  const [dueTime, setDueTime, dueTimeProblem] = useFormField(editor, 'dueTime');
  const [duration, setDuration, durationProblem] = useFormField(editor, 'duration');
  const [salespersonId, setSalespersonId, salespersonIdProblem] = useFormField(editor, 'salespersonId');
  const [opportunityId, setOpportunityId, opportunityIdProblem] = useFormField(editor, 'opportunityId');
  const [notes, setNotes, notesProblem] = useFormField(editor, 'notes');
  const [done, setDone] = useFormField(editor, 'done');
  return (
    <>
      <SelectField label="Kind" value={kind} problem={kindProblem} options={kindOptions} onChange={(value) => setKind(value as ActivityForm['kind'])} required />
      <InputField label="Subject" value={subject} problem={subjectProblem} onChange={setSubject} required maxLength={MAX_SUBJECT_LENGTH} />
      <InputField label="Due date" type="date" value={dueDate} problem={dueDateProblem} onChange={setDueDate} required />
      <InputField label="Due time" type="time" value={dueTime} problem={dueTimeProblem} onChange={setDueTime} required />
      <InputField label="Duration" value={duration} problem={durationProblem} onChange={setDuration} inputMode="numeric" hint="In minutes; leave empty if not known." />
      <SalespersonChoice
        salespersons={choices?.salespersons ?? []}
        value={salespersonId}
        problem={salespersonIdProblem}
        onChange={setSalespersonId}
        placeholder="Choose a salesperson"
        required
      />
      <OpportunityChoice
        value={opportunityId}
        chosen={choices?.linked ?? null}
        problem={opportunityIdProblem}
        onChange={setOpportunityId}
        none="None"
        wide
      />
      <TextAreaField label="Notes" value={notes} problem={notesProblem} onChange={setNotes} maxLength={MAX_NOTES_LENGTH} />
      <CheckboxField label="Done" checked={done} onChange={setDone} />
    </>
  );
}
