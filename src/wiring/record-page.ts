import { fromPromise } from 'xstate';
import { found, type CrmClient, type Timeline } from '../api/client.ts';
import { activityWriteOf } from '../domain/activities/editor.ts';
import { eventWriteOf } from '../domain/calendar/event-form.ts';
import type { QuickAdd, TimelinePage } from '../domain/records/record-page.ts';
import type { LoadedRecord, NoteRequest, RecordPageMachine, TimelineRequest } from '../machines/record-page.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import { feedbackWithNavigation } from './wiring.ts';

export const timelinePageOf = (timeline: Timeline): TimelinePage => ({ entries: timeline.entries, hasMore: timeline.has_more });

/** Saves an activity or event added from a record page. */
export async function saveQuickAdd(api: CrmClient, quickAdd: QuickAdd): Promise<void> {
  if (quickAdd.kind === 'activity') {
    await found(api.POST('/api/activities', { body: activityWriteOf(quickAdd.form) }));
    return;
  }
  const { opportunityId } = quickAdd.form;
  await found(api.POST('/api/calendar', { body: { ...eventWriteOf(quickAdd.form), opportunity_id: opportunityId === '' ? null : Number(opportunityId) } }));
}

/** How one kind of record page reads its timeline and writes its notes. */
export interface RecordPageIo {
  loadTimeline: (request: TimelineRequest) => Promise<TimelinePage>;
  addNote: (request: NoteRequest) => Promise<void>;
}

/** A record page's machine with its I/O, the quick adds' saves, the toasts and the router. */
export function recordPageFlow<Summary>(
  machine: RecordPageMachine<Summary>,
  loadRecord: (recordId: number) => Promise<LoadedRecord<Summary>>,
  io: RecordPageIo,
  services: AppServices,
): RecordPageMachine<Summary> {
  return machine.provide({
    actors: {
      loadRecord: fromPromise(({ input }) => loadRecord(input.recordId)),
      loadTimeline: fromPromise(({ input }) => io.loadTimeline(input)),
      addNote: fromPromise(({ input }) => io.addNote(input)),
      addQuick: fromPromise(({ input }) => saveQuickAdd(services.api, input)),
    },
    actions: feedbackWithNavigation(services),
  });
}
