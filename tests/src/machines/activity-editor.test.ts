import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { newActivityForm, type ActivityChoices, type ActivityForm } from '../../../src/domain/activities/editor';
import { activityEditorMachine } from '../../../src/machines/activity-editor';
import type { EditorData, LoadEditorRequest, SaveRecordRequest, SavedRecord } from '../../../src/machines/record-editor';

/** The messages shown under the fields now. */
const shownProblems = (actor: { getSnapshot(): { context: { problems: readonly { message: string }[] } } }) =>
  actor.getSnapshot().context.problems.map((problem) => problem.message);

const choices: ActivityChoices = { salespersons: [{ id: 3, name: 'Grace Hopper' }], linked: { value: '7', label: 'Acme Corp — 3 Feb 2026' } };

function start(recordId: number | null) {
  const seen = { saves: [] as SaveRecordRequest<ActivityForm>[], successes: [] as string[], navigations: [] as string[] };
  const actor = createActor(
    activityEditorMachine.provide({
      actors: {
        loadEditor: fromPromise<EditorData<ActivityForm, ActivityChoices>, LoadEditorRequest>(async () => ({
          form: newActivityForm(new Date(2026, 5, 15, 10, 20)),
          choices,
        })),
        saveRecord: fromPromise<SavedRecord, SaveRecordRequest<ActivityForm>>(async ({ input }) => {
          seen.saves.push(input);
          return { id: input.id ?? 41 };
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

describe('the activity editor', () => {
  test("refuses to save without a subject or salesperson, naming what is missing", async () => {
    const { actor, seen } = start(null);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['Subject is required.', 'Salesperson is required.']);
    actor.send({ type: 'form.change', patch: { subject: 'Call Acme' } });
    expect(shownProblems(actor)).toEqual(['Salesperson is required.']);
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['Salesperson is required.']);
    expect(seen.saves).toEqual([]);
  });

  test("adding one saves the form, says 'Activity created successfully' and goes back to /activity", async () => {
    const { actor, seen } = start(null);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { subject: 'Call Acme', salespersonId: '3', opportunityId: '7' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: null, form: expect.objectContaining({ subject: 'Call Acme', dueDate: '2026-06-15', dueTime: '11:00', opportunityId: '7' }) }]);
    expect(seen.successes).toEqual(['Activity created successfully']);
    expect(seen.navigations).toEqual(['/activity']);
  });

  test("editing one says 'Activity updated successfully'", async () => {
    const { actor, seen } = start(12);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { subject: 'Call Acme', salespersonId: '3', done: true } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves[0]).toMatchObject({ id: 12, form: { done: true } });
    expect(seen.successes).toEqual(['Activity updated successfully']);
  });
});
