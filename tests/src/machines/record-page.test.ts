import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TimelineEntry } from '../../../src/api/client';
import { draftsFor, type QuickAdd, type TimelinePage } from '../../../src/domain/records/record-page';
import { opportunityPageMachine, type OpportunitySummary } from '../../../src/machines/opportunity-page';
import type { LoadedRecord, NoteRequest, TimelineRequest } from '../../../src/machines/record-page';

/* Issue 16: a deal's page, its timeline newest first, and what is added from it without leaving. */

const entry = (id: number): TimelineEntry => ({
  kind: 'note', id, at: '2026-06-01T10:00:00.000Z', by: 'Riley Rep', opportunity_id: 7, opportunity_customer: 'Acme',
  title: `Note ${id}`, when: null, all_day: null, activity_kind: null, done: null, action: null, changes: [],
});

const loaded: LoadedRecord<OpportunitySummary> = {
  summary: {
    opportunity: { id: 7, customer: 'Acme', stage: 'proposal', revenue: 1000, probability: 30, salesperson_id: 3, created_date: '2026-04-01T12:00:00.000Z' },
    salespersonName: 'Riley Rep',
    customerId: 4,
  },
  timeline: { entries: [entry(3), entry(2)], hasMore: true },
  choices: { salespersons: [{ id: 3, name: 'Riley Rep' }], opportunities: [{ id: 7, label: 'Acme' }] },
  drafts: draftsFor(new Date('2026-06-15T08:20:00'), 3, 7),
};

interface Io {
  load?: () => Promise<LoadedRecord<OpportunitySummary>>;
  timeline?: (request: TimelineRequest) => Promise<TimelinePage>;
  note?: (request: NoteRequest) => Promise<void>;
  quick?: (quickAdd: QuickAdd) => Promise<void>;
}

function startPage(io: Io = {}) {
  const seen = { timelines: [] as TimelineRequest[], notes: [] as NoteRequest[], quick: [] as QuickAdd[], successes: [] as string[], navigations: [] as string[] };
  const actor = createActor(
    opportunityPageMachine.provide({
      actors: {
        loadRecord: fromPromise(async () => (io.load ? io.load() : loaded)),
        loadTimeline: fromPromise<TimelinePage, TimelineRequest>(async ({ input }) => {
          seen.timelines.push(input);
          return io.timeline ? io.timeline(input) : { entries: [entry(1)], hasMore: false };
        }),
        addNote: fromPromise<void, NoteRequest>(async ({ input }) => {
          seen.notes.push(input);
          return io.note?.(input);
        }),
        addQuick: fromPromise<void, QuickAdd>(async ({ input }) => {
          seen.quick.push(input);
          return io.quick?.(input);
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => void seen.successes.push(message),
        navigate: (_, { to }) => void seen.navigations.push(to),
        logError: () => {},
      },
    }),
    { input: { recordId: 7 } },
  ).start();
  return { actor, seen };
}

const ready = (actor: ReturnType<typeof startPage>['actor']) => waitFor(actor, (state) => state.matches('ready'));
const settled = (actor: ReturnType<typeof startPage>['actor']) => waitFor(actor, (state) => state.matches({ ready: { timeline: 'idle', note: 'writing' } }) && !state.hasTag('savingQuickAdd'));

describe('the page', () => {
  test('opens with the figures and the newest entries; Show older appends the next page after them', async () => {
    const { actor, seen } = startPage();
    await ready(actor);
    expect(actor.getSnapshot().context.summary?.salespersonName).toBe('Riley Rep');
    actor.send({ type: 'timeline.more' });
    await settled(actor);
    expect(seen.timelines).toEqual([{ recordId: 7, offset: 2, limit: 25 }]);
    expect(actor.getSnapshot().context.timeline.entries.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().can({ type: 'timeline.more' })).toBe(false);
  });

  test('a record of another tenant, or gone, shows the fallback page', async () => {
    const { actor } = startPage({ load: () => Promise.reject(Object.assign(new Error('Not found'), { status: 404 })) });
    await waitFor(actor, (state) => state.hasTag('notFound'));
  });
});

describe('a note', () => {
  test('an empty note is not sent; a written one is saved, the box emptied and the newest entries read again', async () => {
    const { actor, seen } = startPage();
    await ready(actor);
    actor.send({ type: 'note.submit' });
    expect(actor.getSnapshot().context.noteProblem).toBe('Write something in the note first.');
    actor.send({ type: 'note.change', value: 'Budget confirmed' });
    actor.send({ type: 'note.submit' });
    await settled(actor);
    expect(seen.notes).toEqual([{ recordId: 7, text: 'Budget confirmed' }]);
    expect(seen.successes).toEqual(['Note added']);
    expect(actor.getSnapshot().context.note).toBe('');
    expect(seen.timelines).toEqual([{ recordId: 7, offset: 0, limit: 25 }]);
  });

  test('a failed save keeps the note as written', async () => {
    const { actor } = startPage({ note: () => Promise.reject(new Error('503')) });
    await ready(actor);
    actor.send({ type: 'note.change', value: 'Keep me' });
    actor.send({ type: 'note.submit' });
    await waitFor(actor, (state) => state.matches({ ready: { note: 'writing' } }));
    expect(actor.getSnapshot().context.note).toBe('Keep me');
  });
});

describe('an activity or event added from the page', () => {
  test('opens on the deal with its salesperson at the next hour; with a problem it says so; saved, it closes and the timeline is read again', async () => {
    const { actor, seen } = startPage();
    await ready(actor);
    actor.send({ type: 'quickAdd.open', kind: 'activity' });
    expect(actor.getSnapshot().context.quickAdd).toMatchObject({ kind: 'activity', form: { salespersonId: '3', opportunityId: '7', dueDate: '2026-06-15', dueTime: '09:00' } });
    actor.send({ type: 'quickAdd.submit' });
    expect(actor.getSnapshot().context.quickAddProblems).toEqual([{ field: 'subject', message: expect.stringMatching(/Subject/) }]);
    actor.send({ type: 'quickAdd.change', patch: { subject: 'Call the CFO' } });
    expect(actor.getSnapshot().context.quickAddProblems).toEqual([]);
    actor.send({ type: 'quickAdd.submit' });
    await settled(actor);
    expect(seen.quick).toEqual([expect.objectContaining({ kind: 'activity', form: expect.objectContaining({ subject: 'Call the CFO' }) })]);
    expect(seen.successes).toEqual(['Activity created successfully']);
    expect(actor.getSnapshot().hasTag('quickAddOpen')).toBe(false);
    expect(seen.timelines).toHaveLength(1);
  });

  test('an event: a day and an hour on the deal', async () => {
    const { actor, seen } = startPage();
    await ready(actor);
    actor.send({ type: 'quickAdd.open', kind: 'event' });
    actor.send({ type: 'quickAdd.change', patch: { title: 'Demo' } });
    actor.send({ type: 'quickAdd.submit' });
    await settled(actor);
    expect(seen.quick[0]).toMatchObject({ kind: 'event', form: { title: 'Demo', startTime: '09:00', endTime: '10:00', opportunityId: '7' } });
    expect(seen.successes).toEqual(['Event created successfully']);
  });

  test('closing an unchanged dialog closes it; a changed one asks, and keeping it keeps what was typed', async () => {
    const { actor } = startPage();
    await ready(actor);
    actor.send({ type: 'quickAdd.open', kind: 'activity' });
    actor.send({ type: 'quickAdd.close' });
    expect(actor.getSnapshot().hasTag('quickAddOpen')).toBe(false);
    actor.send({ type: 'quickAdd.open', kind: 'activity' });
    actor.send({ type: 'quickAdd.change', patch: { subject: 'Typed' } });
    actor.send({ type: 'quickAdd.close' });
    expect(actor.getSnapshot().hasTag('askingToClose')).toBe(true);
    actor.send({ type: 'quickAdd.keep' });
    expect(actor.getSnapshot().context.quickAdd?.form).toMatchObject({ subject: 'Typed' });
    actor.send({ type: 'quickAdd.close' });
    actor.send({ type: 'quickAdd.discard' });
    expect(actor.getSnapshot().context.quickAdd).toBeNull();
  });
});

test('leaving the page is held only while something typed is unsaved, and then goes where the person was going', async () => {
  const { actor, seen } = startPage();
  await ready(actor);
  expect(actor.getSnapshot().can({ type: 'leave.request', to: '/dashboard' })).toBe(false);
  actor.send({ type: 'note.change', value: 'Half a thought' });
  actor.send({ type: 'leave.request', to: '/dashboard' });
  expect(actor.getSnapshot().hasTag('askingToLeave')).toBe(true);
  actor.send({ type: 'leave.cancel' });
  expect(seen.navigations).toEqual([]);
  actor.send({ type: 'leave.request', to: '/pipeline' });
  actor.send({ type: 'leave.confirm' });
  expect(seen.navigations).toEqual(['/pipeline']);
});
