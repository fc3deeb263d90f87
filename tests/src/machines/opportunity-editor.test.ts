import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { newOpportunityForm, type OpportunityChoices, type OpportunityForm } from '../../../src/domain/opportunities/editor';
import { PIPELINE_STAGES } from '../../../src/domain/opportunities/pipeline';
import { opportunityEditorMachine } from '../../../src/machines/opportunity-editor';
import type { EditorData, LoadEditorRequest, SaveRecordRequest, SavedRecord } from '../../../src/machines/record-editor';

/** The messages shown under the fields now. */
const shownProblems = (actor: { getSnapshot(): { context: { problems: readonly { message: string }[] } } }) =>
  actor.getSnapshot().context.problems.map((problem) => problem.message);

/*
 * The opportunity editor is the shared record editor flow (tested in
 * record-editor.test.ts) with the opportunity's form, checks and messages.
 */

const choices: OpportunityChoices = { salespersons: [{ id: 3, name: 'Riley Rep' }], customers: ['Acme Corp'], stages: PIPELINE_STAGES };
const stored: OpportunityForm = {
  customer: 'Acme Corp',
  salespersonId: '3',
  stage: 'proposal',
  date: '2026-03-05',
  createdAt: '2026-03-05T09:30:00.000Z',
  revenue: '1234.50',
  probability: '40',
  locale: 'en',
};

function startEditor(recordId: number | null) {
  const seen = { saves: [] as SaveRecordRequest<OpportunityForm>[], successes: [] as string[], navigations: [] as string[] };
  const machine = opportunityEditorMachine.provide({
    actors: {
      loadEditor: fromPromise<EditorData<OpportunityForm, OpportunityChoices>, LoadEditorRequest>(async ({ input }) => ({
        form: input.id === null ? newOpportunityForm(new Date(2026, 5, 15), 3, 'en') : stored,
        choices,
      })),
      saveRecord: fromPromise<SavedRecord, SaveRecordRequest<OpportunityForm>>(async ({ input }) => {
        seen.saves.push(input);
        return { id: input.id ?? 41 };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      navigate: (_, { to }) => void seen.navigations.push(to),
      logError: () => {},
    },
  });
  const actor = createActor(machine, { input: { recordId } }).start();
  return { actor, seen };
}

describe('the opportunity editor', () => {
  test("adding refuses to save without a customer, naming it, then creates with 'Opportunity created successfully' and goes to /opportunity", async () => {
    const { actor, seen } = startEditor(null);
    await waitFor(actor, (state) => state.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({ stage: 'qualification', date: '2026-06-15', salespersonId: '3', probability: '10' });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['Customer is required.', 'Revenue is required.']);
    expect(actor.getSnapshot().matches('editing')).toBe(true);

    actor.send({ type: 'form.change', patch: { customer: 'Initech', revenue: '500' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: null, form: expect.objectContaining({ customer: 'Initech', revenue: '500' }) }]);
    expect(seen.successes).toEqual(['Opportunity created successfully']);
    expect(seen.navigations).toEqual(['/opportunity']);
  });

  test("editing saves the changed form with 'Opportunity updated successfully'", async () => {
    const { actor, seen } = startEditor(7);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { probability: '101' } });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual(['Probability must be a whole number from 0 to 100.']);
    actor.send({ type: 'form.change', patch: { probability: '75', stage: 'negotiation' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: 7, form: { ...stored, probability: '75', stage: 'negotiation' } }]);
    expect(seen.successes).toEqual(['Opportunity updated successfully']);
    expect(seen.navigations).toEqual(['/opportunity']);
  });
});
