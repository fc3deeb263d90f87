import { useLocation, useSearch } from 'wouter';
import type { ApiPart } from '../../domain/api-parts.ts';
import { EVENT_LIMITS, startDateChange } from '../../domain/calendar/event-form.ts';
import type { EventChoices, EventEditorForm } from '../../machines/calendar-event-editor.ts';
import { calendarEventEditorFlow } from '../../wiring/calendar-event-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { CheckboxField, InputField, TextAreaField } from '../kit/form/fields.tsx';
import { OpportunityChoice } from '../kit/choices/OpportunityChoice.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
import { useMissingParts } from '../kit/services.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useChoices, useFormField, useRecordEditor, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';
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

type EventEditorActor = RecordEditorActor<EventEditorForm, EventChoices>;

/** What an event's opportunity needs of the API: the link (record pages) and the search (the opportunity list). */
const OPPORTUNITY_PARTS: readonly ApiPart[] = ['records', 'opportunity-list'];

function EventEditor({ recordId, date }: { recordId: number | null; date: string | null }) {
  const editor = useRecordEditor(calendarEventEditorFlow(date), recordId);
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Event' : 'Edit Event'} subject="the event">
      <EventFields editor={editor} />
    </RecordEditorFrame>
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
  const [opportunityId, setOpportunityId, opportunityIdProblem] = useFormField(editor, 'opportunityId');
  const offersOpportunity = useMissingParts(OPPORTUNITY_PARTS)?.length === 0;
  const choices = useChoices(editor);
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
      <SalespersonChoice salespersons={choices?.salespersons ?? []} value={salespersonId} problem={salespersonIdProblem} onChange={setSalespersonId} none="Nobody" />
      {offersOpportunity ? (
        <OpportunityChoice
          value={opportunityId}
          chosen={choices?.linked ?? null}
          problem={opportunityIdProblem}
          onChange={setOpportunityId}
          none="None"
          wide
        />
      ) : null}
      <TextAreaField label="Notes" value={notes} problem={notesProblem} onChange={setNotes} maxLength={EVENT_LIMITS.notes} />
    </>
  );
}
