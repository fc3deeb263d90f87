import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { EVENT_LIMITS, startDateChange, type EventForm } from '../../domain/calendar/event-form.ts';
import { calendarMonthAddress, type EventChoices } from '../../machines/calendar-event-editor.ts';
import { calendarEventDeletionFlow, calendarEventEditorFlow } from '../../wiring/calendar-event-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { useFlow } from '../kit/services.tsx';
import { CheckboxField, InputField, SelectField, TextAreaField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useChoices, useFormField, useRecordEditor, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';
import { Dialog } from '../kit/Dialog.tsx';
import './calendar.css';

const ADD_ROUTE = '/add-Calendar';

/** /add-Calendar (?date=YYYY-MM-DD opens on that day) and /edit-Calendar/:id: a meeting or appointment. */
export default function CalendarEventEditorScreen() {
  const [path] = useLocation();
  const search = useSearch();
  const recordId = editedRecordOf(path, ADD_ROUTE);
  if (recordId === undefined) return <NotFound />;
  const date = recordId === null ? new URLSearchParams(search).get('date') : null;
  // A key per record and day: another event's address is another editor.
  return <EventEditor key={`${recordId ?? 'new'} ${date ?? ''}`} recordId={recordId} date={date} />;
}

type EventEditorActor = RecordEditorActor<EventForm, EventChoices>;

function EventEditor({ recordId, date }: { recordId: number | null; date: string | null }) {
  const editor = useRecordEditor(calendarEventEditorFlow(date), recordId);
  const loaded = useSelector(editor, (state) => state.matches('editing') || state.matches('saving'));
  return (
    <>
      <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Event' : 'Edit Event'} subject="the event">
        <EventFields editor={editor} />
      </RecordEditorFrame>
      {recordId !== null && loaded ? <DeleteEvent editor={editor} eventId={recordId} /> : null}
    </>
  );
}

function EventFields({ editor }: { editor: EventEditorActor }) {
  const [title, setTitle, titleProblem] = useFormField(editor, 'title');
  const [allDay, setAllDay] = useFormField(editor, 'allDay');
  const [startDate, , startDateProblem] = useFormField(editor, 'startDate');
  // The end moves with the start, so a moved event keeps its length.
  const setStartDate = (next: string) => editor.send({ type: 'form.change', patch: startDateChange(editor.getSnapshot().context.form, next) });
  const [startTime, setStartTime, startTimeProblem] = useFormField(editor, 'startTime');
  const [endDate, setEndDate, endDateProblem] = useFormField(editor, 'endDate');
  const [endTime, setEndTime, endTimeProblem] = useFormField(editor, 'endTime');
  const [location, setLocation, locationProblem] = useFormField(editor, 'location');
  const [salespersonId, setSalespersonId, salespersonIdProblem] = useFormField(editor, 'salespersonId');
  const [notes, setNotes, notesProblem] = useFormField(editor, 'notes');
  const choices = useChoices(editor);
  const salespersons = (choices?.salespersons ?? []).map((person) => ({ value: String(person.id), label: person.name }));
  return (
    <>
      <InputField label="Title" value={title} problem={titleProblem} onChange={setTitle} required wide maxLength={EVENT_LIMITS.title} />
      <div className="field--wide">
        <CheckboxField label="All day" checked={allDay} onChange={setAllDay} />
      </div>
      <InputField label="Start date" type="date" value={startDate} problem={startDateProblem} onChange={setStartDate} required />
      {allDay ? null : <InputField label="Start time" type="time" value={startTime} problem={startTimeProblem} onChange={setStartTime} required />}
      <InputField label="End date" type="date" value={endDate} problem={endDateProblem} onChange={setEndDate} required />
      {allDay ? null : <InputField label="End time" type="time" value={endTime} problem={endTimeProblem} onChange={setEndTime} required />}
      <InputField label="Location" value={location} problem={locationProblem} onChange={setLocation} maxLength={EVENT_LIMITS.location} />
      <SelectField label="Salesperson" value={salespersonId} problem={salespersonIdProblem} options={salespersons} onChange={setSalespersonId} emptyLabel="Nobody" />
      <TextAreaField label="Notes" value={notes} problem={notesProblem} onChange={setNotes} maxLength={EVENT_LIMITS.notes} />
    </>
  );
}

/** The Delete button of Edit Event and its confirmation. */
function DeleteEvent({ editor, eventId }: { editor: EventEditorActor; eventId: number }) {
  // Mounted once the event has loaded: its month is the stored one.
  const deletion = useFlow(calendarEventDeletionFlow, () => ({
    eventId,
    returnTo: calendarMonthAddress(editor.getSnapshot().context.form),
  }));
  const confirming = useSelector(deletion, (state) => state.matches('confirming'));
  const deleting = useSelector(deletion, (state) => state.hasTag('deleting'));
  const canAsk = useSelector(deletion, (state) => state.can({ type: 'delete.request' }));
  const saving = useSelector(editor, (state) => state.hasTag('saving'));
  const title = useSelector(editor, (state) => state.context.form.title);
  return (
    <div className="calendar-editor__delete">
      <button type="button" className="button calendar-editor__danger" disabled={!canAsk || saving} onClick={() => deletion.send({ type: 'delete.request' })}>
        Delete
      </button>
      {confirming || deleting ? (
        <Dialog title="Delete event" onClose={() => deletion.send({ type: 'delete.cancel' })}>
          <p>
            Delete <strong>{title.trim() || 'this event'}</strong>? It cannot be brought back.
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" disabled={deleting} onClick={() => deletion.send({ type: 'delete.cancel' })}>
              Cancel
            </button>
            <button type="button" className="button calendar-editor__danger" disabled={deleting} onClick={() => deletion.send({ type: 'delete.confirm' })}>
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
