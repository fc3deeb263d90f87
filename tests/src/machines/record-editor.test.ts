import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createRecordEditorMachine,
  isNotFoundError,
  type EditorData,
  type LoadEditorRequest,
  type SaveRecordRequest,
  type SavedRecord,
} from '../../../src/machines/record-editor';

/*
 * The shared add/edit flow, proven with a small record: a note with a title.
 * Each record type's own machine is this flow with its form, checks and messages.
 */

interface NoteForm {
  title: string;
  body: string;
}
type Choices = { folders: string[] };

const noteEditorMachine = createRecordEditorMachine<NoteForm, Choices>({
  id: 'noteEditor',
  blankForm: { title: '', body: '' },
  problemsOf: (form) => [
    ...(form.title.trim() === '' ? [{ field: 'title', message: 'Title is required.' }] : []),
    ...(form.body.length > 20 ? [{ field: 'body', message: 'Body must be at most 20 characters.' }] : []),
  ],
  fields: ['title', 'body'],
  fieldOfBody: (field) => (field === 'text' ? 'body' : field),
  messages: { created: 'Note created successfully', updated: 'Note updated successfully' },
  listRoute: '/notes',
});

const stored: NoteForm = { title: 'Call Acme', body: 'About the renewal' };

interface Server {
  load?: (request: LoadEditorRequest) => Promise<EditorData<NoteForm, Choices>>;
  save?: (request: SaveRecordRequest<NoteForm>) => Promise<SavedRecord>;
}

function notFound(): Error {
  return Object.assign(new Error('Not found'), { status: 404 });
}

function startEditor(recordId: number | null, server: Server = {}) {
  const seen = {
    loads: [] as LoadEditorRequest[],
    saves: [] as SaveRecordRequest<NoteForm>[],
    successes: [] as string[],
    navigations: [] as string[],
    logged: [] as unknown[],
  };
  const machine = noteEditorMachine.provide({
    actors: {
      loadEditor: fromPromise<EditorData<NoteForm, Choices>, LoadEditorRequest>(async ({ input }) => {
        seen.loads.push(input);
        if (server.load) return server.load(input);
        return { form: input.id === null ? { title: '', body: '' } : stored, choices: { folders: ['Inbox'] } };
      }),
      saveRecord: fromPromise<SavedRecord, SaveRecordRequest<NoteForm>>(async ({ input }) => {
        seen.saves.push(input);
        return server.save ? server.save(input) : { id: input.id ?? 99 };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      navigate: (_, { to }) => void seen.navigations.push(to),
      logError: (_, { error }) => void seen.logged.push(error),
    },
  });
  const actor = createActor(machine, { input: { recordId } }).start();
  return { actor, seen };
}

const editing = (actor: ReturnType<typeof startEditor>['actor']) => waitFor(actor, (state) => state.matches('editing'));

describe('adding a record', () => {
  test('loads the blank form and the choices, then creates the record, says so and goes back to the list', async () => {
    const { actor, seen } = startEditor(null);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await editing(actor);
    expect(seen.loads).toEqual([{ id: null }]);
    expect(actor.getSnapshot().context.choices).toEqual({ folders: ['Inbox'] });

    actor.send({ type: 'form.change', patch: { title: 'Send the quote' } });
    actor.send({ type: 'form.change', patch: { body: 'By Friday' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (state) => state.status === 'done');

    expect(seen.saves).toEqual([{ id: null, form: { title: 'Send the quote', body: 'By Friday' } }]);
    expect(seen.successes).toEqual(['Note created successfully']);
    expect(seen.navigations).toEqual(['/notes']);
  });

  test('a form with problems is not sent: every problem is shown under its field at once, and the form stays as typed', async () => {
    const { actor, seen } = startEditor(null);
    await editing(actor);
    actor.send({ type: 'form.change', patch: { body: 'no title yet, and far too long' } });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([
      { field: 'title', message: 'Title is required.' },
      { field: 'body', message: 'Body must be at most 20 characters.' },
    ]);
    expect(actor.getSnapshot().context.problemsShown).toBe(1);
    expect(seen.saves).toEqual([]);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual({ title: '', body: 'no title yet, and far too long' });
  });

  test("a field's problem goes as soon as the field is fixed; no new problem shows before the next submit", async () => {
    const { actor } = startEditor(null);
    await editing(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'title', message: 'Title is required.' }]);
    actor.send({ type: 'form.change', patch: { body: 'far, far too long for a body' } });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'title', message: 'Title is required.' }]);
    actor.send({ type: 'form.change', patch: { title: 'Fixed' } });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'body', message: 'Body must be at most 20 characters.' }]);
    // It changes each time, so the screen moves focus again.
    expect(actor.getSnapshot().context.problemsShown).toBe(2);
  });
});

describe('editing a record', () => {
  test('loads the record, saves it in place and says it was updated', async () => {
    const { actor, seen } = startEditor(7);
    await editing(actor);
    expect(seen.loads).toEqual([{ id: 7 }]);
    expect(actor.getSnapshot().context.form).toEqual(stored);
    actor.send({ type: 'form.change', patch: { title: 'Call Acme again' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toEqual([{ id: 7, form: { ...stored, title: 'Call Acme again' } }]);
    expect(seen.successes).toEqual(['Note updated successfully']);
    expect(seen.navigations).toEqual(['/notes']);
  });

  test('another tenant\'s or a deleted record is not found: the editor ends there and loads nothing more', async () => {
    const { actor, seen } = startEditor(404, { load: async () => Promise.reject(notFound()) });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().hasTag('notFound')).toBe(true);
    expect(seen.logged).toEqual([]);
  });

  test('a failed load can be tried again', async () => {
    let attempts = 0;
    const { actor, seen } = startEditor(7, {
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { form: stored, choices: { folders: [] } };
      },
    });
    await waitFor(actor, (state) => state.hasTag('failed'));
    expect(seen.logged).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.form).toEqual(stored);
  });

  test('a failed save keeps what was typed and can be sent again', async () => {
    let attempts = 0;
    const { actor, seen } = startEditor(7, {
      save: async (request) => {
        attempts += 1;
        if (attempts === 1) throw Object.assign(new Error('Customer name already exists'), { status: 409 });
        return { id: request.id! };
      },
    });
    await editing(actor);
    actor.send({ type: 'form.change', patch: { title: 'Renamed' } });
    actor.send({ type: 'form.submit' });
    await editing(actor);
    expect(seen.logged).toHaveLength(1);
    expect(seen.successes).toEqual([]);
    expect(seen.navigations).toEqual([]);
    expect(actor.getSnapshot().context.form.title).toBe('Renamed');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves.map((save) => save.form.title)).toEqual(['Renamed', 'Renamed']);
    expect(seen.successes).toEqual(['Note updated successfully']);
  });

  test("a server's refusal lands under the fields it names (renamed to the form's), what was typed stays", async () => {
    const refusal = Object.assign(new Error('Title already taken'), {
      status: 409,
      problems: [
        { field: 'title', message: 'Title already taken' },
        { field: 'text', message: 'Text is not allowed.' },
      ],
    });
    const { actor, seen } = startEditor(7, { save: async () => Promise.reject(refusal) });
    await editing(actor);
    actor.send({ type: 'form.change', patch: { title: 'Taken' } });
    actor.send({ type: 'form.submit' });
    await editing(actor);
    expect(actor.getSnapshot().context.problems).toEqual([
      { field: 'title', message: 'Title already taken' },
      { field: 'body', message: 'Text is not allowed.' },
    ]);
    expect(actor.getSnapshot().context.formProblem).toBeNull();
    expect(actor.getSnapshot().context.form).toEqual({ ...stored, title: 'Taken' });
    expect(seen.logged).toEqual([]);
  });

  test('a refusal about a field the form does not have shows above the form', async () => {
    const refusal = Object.assign(new Error('Stale'), { status: 409, problems: [{ field: 'version', message: 'Someone else changed this note.' }] });
    const { actor } = startEditor(7, { save: async () => Promise.reject(refusal) });
    await editing(actor);
    actor.send({ type: 'form.submit' });
    await editing(actor);
    expect(actor.getSnapshot().context.problems).toEqual([]);
    expect(actor.getSnapshot().context.formProblem).toBe('Someone else changed this note.');
  });

  test('saves once: while saving, neither another save nor a change nor cancel is taken', async () => {
    let finish!: (saved: SavedRecord) => void;
    const { actor, seen } = startEditor(7, { save: () => new Promise((resolve) => (finish = resolve)) });
    await editing(actor);
    actor.send({ type: 'form.submit' });
    const saving = actor.getSnapshot();
    expect(saving.can({ type: 'form.submit' })).toBe(false);
    expect(saving.can({ type: 'form.change', patch: { title: 'x' } })).toBe(false);
    expect(saving.can({ type: 'editor.cancel' })).toBe(false);
    actor.send({ type: 'form.submit' });
    finish({ id: 7 });
    await waitFor(actor, (state) => state.status === 'done');
    expect(seen.saves).toHaveLength(1);
  });

  test('Cancel discards the changes and goes back to the list without saving', async () => {
    const { actor, seen } = startEditor(7);
    await editing(actor);
    actor.send({ type: 'form.change', patch: { title: 'Not kept' } });
    actor.send({ type: 'editor.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(seen.navigations).toEqual(['/notes']);
    expect(seen.saves).toEqual([]);
  });
});

test('only a 404 from the API counts as not found', () => {
  expect(isNotFoundError(notFound())).toBe(true);
  expect(isNotFoundError(Object.assign(new Error('Forbidden'), { status: 403 }))).toBe(false);
  expect(isNotFoundError(new Error('offline'))).toBe(false);
  expect(isNotFoundError(null)).toBe(false);
});
