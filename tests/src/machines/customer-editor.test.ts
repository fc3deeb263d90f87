import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { BLANK_CUSTOMER_FORM, type CustomerForm } from '../../../src/domain/customers/form';
import { CUSTOMER_MESSAGES } from '../../../src/domain/rules/records';
import { customerEditorMachine, type CustomerChoices } from '../../../src/machines/customer-editor';
import type { EditorData, LoadEditorRequest, SaveRecordRequest, SavedRecord } from '../../../src/machines/record-editor';

/** The messages shown under the fields now. */
const shownProblems = (actor: { getSnapshot(): { context: { problems: readonly { message: string }[] } } }) =>
  actor.getSnapshot().context.problems.map((problem) => problem.message);

const acme: CustomerForm = { name: 'Acme Corp', company: 'Acme Corp Inc.', email: 'buyer@acme.example', phone: '+49 30 1234567', notes: '' };

function startEditor(recordId: number | null) {
  const seen = { saves: [] as SaveRecordRequest<CustomerForm>[], successes: [] as string[], navigations: [] as string[] };
  const machine = customerEditorMachine.provide({
    actors: {
      loadEditor: fromPromise<EditorData<CustomerForm, CustomerChoices>, LoadEditorRequest>(async ({ input }) => ({
        form: input.id === null ? BLANK_CUSTOMER_FORM : acme,
        choices: null,
      })),
      saveRecord: fromPromise<SavedRecord, SaveRecordRequest<CustomerForm>>(async ({ input }) => {
        seen.saves.push(input);
        return { id: input.id ?? 42 };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      navigate: (_, { to }) => void seen.navigations.push(to),
    },
  });
  return { actor: createActor(machine, { input: { recordId } }).start(), seen };
}

describe('Add Customer', () => {
  test("refuses to save without a name, saying 'Name is required.', and saves nothing", async () => {
    const { actor, seen } = startEditor(null);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual([CUSTOMER_MESSAGES.nameMissing]);
    expect(seen.saves).toEqual([]);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  test('refuses a malformed e-mail with a message naming the field', async () => {
    const { actor, seen } = startEditor(null);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { name: 'Acme', email: 'buyer at acme' } });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual([CUSTOMER_MESSAGES.emailInvalid]);
  });

  test("creates the customer, says 'Customer created successfully' and goes to /customer", async () => {
    const { actor, seen } = startEditor(null);
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'form.change', patch: { name: 'Acme Corp', phone: '030 1234567' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: null, form: { ...BLANK_CUSTOMER_FORM, name: 'Acme Corp', phone: '030 1234567' } }]);
    expect(seen.successes).toEqual(['Customer created successfully']);
    expect(seen.navigations).toEqual(['/customer']);
  });
});

describe('Edit Customer', () => {
  test("opens with the stored customer, saves the change, says 'Customer updated successfully' and goes to /customer", async () => {
    const { actor, seen } = startEditor(7);
    const editing = await waitFor(actor, (state) => state.matches('editing'));
    expect(editing.context.form).toEqual(acme);
    actor.send({ type: 'form.change', patch: { notes: 'Renewal in May.' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: 7, form: { ...acme, notes: 'Renewal in May.' } }]);
    expect(seen.successes).toEqual(['Customer updated successfully']);
    expect(seen.navigations).toEqual(['/customer']);
  });
});
