import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { blankEventForm, type EventForm } from '../../../src/domain/calendar/event-form';
import { calendarEventDeletionMachine, EVENT_DELETED_MESSAGE } from '../../../src/machines/calendar-event-deletion';
import { calendarEventEditorMachine, type EventChoices } from '../../../src/machines/calendar-event-editor';
import type { SaveRecordRequest } from '../../../src/machines/record-editor';

/** The messages shown under the fields now. */
const shownProblems = (actor: { getSnapshot(): { context: { problems: readonly { message: string }[] } } }) =>
  actor.getSnapshot().context.problems.map((problem) => problem.message);

const choices: EventChoices = { salespersons: [{ id: 4, name: 'Riley Rep' }] };

function startEditor(recordId: number | null, form: EventForm) {
  const seen = { saves: [] as SaveRecordRequest<EventForm>[], successes: [] as string[], navigations: [] as string[] };
  const actor = createActor(
    calendarEventEditorMachine.provide({
      actors: {
        loadEditor: fromPromise(async () => ({ form, choices })),
        saveRecord: fromPromise<{ id: number }, SaveRecordRequest<EventForm>>(async ({ input }) => {
          seen.saves.push(input);
          return { id: input.id ?? 12 };
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => void seen.successes.push(message),
        navigate: (_, { to }) => void seen.navigations.push(to),
      },
    }),
    { input: { recordId } },
  );
  actor.start();
  return { actor, seen };
}

describe('Add Event and Edit Event', () => {
  test("an event that ends before it starts is not saved: 'The end must not be before the start.'", async () => {
    const { actor, seen } = startEditor(null, blankEventForm('2026-06-03', new Date()));
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { title: 'Call', endTime: '08:00' } });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['The end must not be before the start.']);
    expect(seen.saves).toEqual([]);
  });

  test("a new event is saved once, 'Event created successfully', and the calendar shows its month again", async () => {
    const { actor, seen } = startEditor(null, blankEventForm('2026-06-03', new Date()));
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { title: 'Call with Acme', salespersonId: '4' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: null, form: expect.objectContaining({ title: 'Call with Acme', startDate: '2026-06-03', salespersonId: '4' }) }]);
    expect(seen.successes).toEqual(['Event created successfully']);
    expect(seen.navigations).toEqual(['/calendar?month=2026-06']);
  });

  test('an event moved to another month brings the calendar back on that month', async () => {
    const { actor, seen } = startEditor(7, { ...blankEventForm('2026-06-03', new Date()), title: 'Call' });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { startDate: '2027-01-12', endDate: '2027-01-12' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.navigations).toEqual(['/calendar?month=2027-01']);
  });

  test("a changed event: 'Event updated successfully'", async () => {
    const { actor, seen } = startEditor(7, { ...blankEventForm('2026-06-03', new Date()), title: 'Call' });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { allDay: true } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves[0]).toMatchObject({ id: 7, form: { allDay: true } });
    expect(seen.successes).toEqual(['Event updated successfully']);
  });
});

function startDeletion(deleteEvent: (id: number) => Promise<void>) {
  const seen = { deleted: [] as number[], successes: [] as string[], navigations: [] as string[], logged: [] as unknown[] };
  const actor = createActor(
    calendarEventDeletionMachine.provide({
      actors: {
        deleteEvent: fromPromise<void, { id: number }>(async ({ input }) => {
          seen.deleted.push(input.id);
          return deleteEvent(input.id);
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => void seen.successes.push(message),
        navigate: (_, { to }) => void seen.navigations.push(to),
        logError: (_, { error }) => void seen.logged.push(error),
      },
    }),
    { input: { eventId: 7, returnTo: '/calendar?month=2026-06' } },
  );
  actor.start();
  return { actor, seen };
}

describe('Delete on Edit Event', () => {
  test('deletes nothing until confirmed; cancelling keeps the event', () => {
    const { actor, seen } = startDeletion(async () => {});
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(seen.deleted).toEqual([]);
  });

  test("confirmed, it deletes the event once, says 'Event deleted successfully' and shows the calendar on the event's month", async () => {
    let finish: () => void = () => {};
    const { actor, seen } = startDeletion(() => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.request' });
    finish();
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.deleted).toEqual([7]);
    expect(seen.successes).toEqual([EVENT_DELETED_MESSAGE]);
    expect(EVENT_DELETED_MESSAGE).toBe('Event deleted successfully');
    expect(seen.navigations).toEqual(['/calendar?month=2026-06']);
  });

  test('a failed delete is logged and keeps the event open, to try again', async () => {
    const { actor, seen } = startDeletion(async () => {
      throw new Error('503');
    });
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(seen.logged).toEqual([new Error('503')]);
    expect(seen.navigations).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'delete.request' })).toBe(true);
  });
});
