import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { blankEventForm } from '../../../src/domain/calendar/event-form';
import { calendarEventEditorMachine, type EventChoices, type EventEditorForm } from '../../../src/machines/calendar-event-editor';
import type { SaveRecordRequest } from '../../../src/machines/record-editor';

/** The messages shown under the fields now. */
const shownProblems = (actor: { getSnapshot(): { context: { problems: readonly { message: string }[] } } }) =>
  actor.getSnapshot().context.problems.map((problem) => problem.message);

const choices: EventChoices = { salespersons: [{ id: 4, name: 'Riley Rep' }], linked: null };

const blank = (): EventEditorForm => ({ ...blankEventForm('2026-06-03', new Date()), opportunityId: '' });

function startEditor(recordId: number | null, form: EventEditorForm) {
  const seen = { saves: [] as SaveRecordRequest<EventEditorForm>[], successes: [] as string[], navigations: [] as string[] };
  const actor = createActor(
    calendarEventEditorMachine.provide({
      actors: {
        loadEditor: fromPromise(async () => ({ form, choices })),
        saveRecord: fromPromise<{ id: number }, SaveRecordRequest<EventEditorForm>>(async ({ input }) => {
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
    const { actor, seen } = startEditor(null, blank());
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { title: 'Call', endTime: '08:00' } });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['The end must not be before the start.']);
    expect(seen.saves).toEqual([]);
  });

  test("a new event is saved once, 'Event created successfully', and the calendar shows its month again", async () => {
    const { actor, seen } = startEditor(null, blank());
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { title: 'Call with Acme', salespersonId: '4' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: null, form: expect.objectContaining({ title: 'Call with Acme', startDate: '2026-06-03', salespersonId: '4' }) }]);
    expect(seen.successes).toEqual(['Event created successfully']);
    expect(seen.navigations).toEqual(['/calendar?month=2026-06']);
  });

  test('an event moved to another month brings the calendar back on that month', async () => {
    const { actor, seen } = startEditor(7, { ...blank(), title: 'Call' });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { startDate: '2027-01-12', endDate: '2027-01-12' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.navigations).toEqual(['/calendar?month=2027-01']);
  });

  test("a changed event: 'Event updated successfully'", async () => {
    const { actor, seen } = startEditor(7, { ...blank(), title: 'Call' });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { allDay: true } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves[0]).toMatchObject({ id: 7, form: { allDay: true } });
    expect(seen.successes).toEqual(['Event updated successfully']);
  });
});

describe('Delete on Edit Event', () => {
  test("confirmed and not undone, it deletes the event once, says 'Event deleted successfully' and shows the calendar on the event's month", async () => {
    const deleted: number[] = [];
    const seen = { successes: [] as string[], navigations: [] as string[] };
    const actor = createActor(
      calendarEventEditorMachine.provide({
        actors: {
          loadEditor: fromPromise(async () => ({ form: { ...blank(), title: 'Call' }, choices })),
          deleteRecord: fromPromise<void, { id: number }>(async ({ input }) => void deleted.push(input.id)),
        },
        actions: {
          notifySuccess: (_, { message }) => void seen.successes.push(message),
          navigate: (_, { to }) => void seen.navigations.push(to),
        },
        delays: { undoDelay: 0 },
      }),
      { input: { recordId: 7 } },
    ).start();
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(deleted).toEqual([7]);
    expect(seen.successes).toEqual(['Event deleted successfully']);
    expect(seen.navigations).toEqual(['/calendar?month=2026-06']);
  });
});
