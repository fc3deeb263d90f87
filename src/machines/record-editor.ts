import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Problem } from '../domain/rules/problems.ts';
import { NO_PROBLEMS, presentProblems, isFieldRefusal, presentRefusal, problemsAfterChange, saveFailed, type FormProblems } from './form-problems.ts';

export interface RecordEditorInput {
  /** The record being edited, from the last segment of /edit-…/:id; null when adding one. */
  recordId: number | null;
}

/** What an editor opens with: the form's values and the choices its selects offer. */
export interface EditorData<Form, Choices> {
  form: Form;
  choices: Choices;
}

export interface LoadEditorRequest {
  id: number | null;
}

export interface SaveRecordRequest<Form> {
  /** null creates the record (POST); a number replaces that record (PUT). */
  id: number | null;
  form: Form;
}

/** A save answer; only the stored record's id is read. */
export interface SavedRecord {
  id: number;
}

export interface DeleteRecordRequest {
  id: number;
}

export interface RecordEditorContext<Form, Choices> extends RecordEditorInput, FormProblems {
  form: Form;
  /** The form as loaded: what the person has changed is the difference. */
  loadedForm: Form;
  /** Null until the editor has loaded. */
  choices: Choices | null;
  /** Where the person asked to go while the form had changes, until they confirm or stay. */
  leaveTo: string | null;
}

export type RecordEditorEvent<Form> =
  | { type: 'form.change'; patch: Partial<Form> }
  | { type: 'form.submit' }
  | { type: 'retry' }
  | { type: 'editor.cancel' }
  | { type: 'leave.request'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.undo' };

/** How long a confirmed delete waits for Undo before it is sent. */
export const UNDO_DELAY_MS = 5000;

/** Whether the form differs from the one loaded: forms are plain values (text, flags, lists of ids). */
export function formChanged<Form>(context: Pick<RecordEditorContext<Form, unknown>, 'form' | 'loadedForm'>): boolean {
  return JSON.stringify(context.form) !== JSON.stringify(context.loadedForm);
}

export interface RecordEditorOptions<Form> {
  /** The machine's id: the name of its chart in docs/machines/. */
  id: string;
  /** The form before anything has loaded; loading replaces it. */
  blankForm: Form;
  /** Every problem of the form, in words a person can act on, keyed by the form's fields; none when it can be saved. */
  problemsOf: (form: Form) => readonly Problem[];
  /** The form's fields in the order the screen shows them: a server's problem about any other field shows above the form. */
  fields: readonly string[];
  /** The form field a request body property comes from, where they differ (e.g. salesperson_id → salespersonId). */
  fieldOfBody?: (bodyField: string, form: Form) => string;
  /** The success toasts, e.g. 'Customer created successfully', and the one after a delete. */
  messages: { created: string; updated: string; deleted: string };
  /** Where a saved or abandoned editor goes: the record's list, or the part of it the form belongs to. */
  listRoute: string | ((form: Form) => string);
}

/** An error the API client raised for a 404: the record is not the caller's, or gone. */
export function isNotFoundError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * The add and edit screens of a record (/add-X, /edit-X/:id) share one flow:
 * load the record (or the blank form) with the choices its selects need, edit,
 * refuse to save while the form has a problem (showing every problem under its
 * field), save once, then go back to the list. A failed save keeps what was
 * typed: a refusal about fields lands under them; any other failure the API
 * client has already shown. Leaving a changed form (Cancel, a link, Back) asks
 * first. A stored record can be deleted: after a confirmation, the delete waits a
 * few seconds for Undo, then is sent once. Each record type makes its own machine
 * from this, so each has its own id, chart and path tests.
 */
export function createRecordEditorMachine<Form extends object, Choices>(options: RecordEditorOptions<Form>) {
  const { problemsOf, messages, listRoute, fields } = options;
  const fieldOfBody = options.fieldOfBody ?? ((field: string) => field);
  const listOf = (form: Form) => (typeof listRoute === 'string' ? listRoute : listRoute(form));
  return setup({
    types: {
      input: {} as RecordEditorInput,
      context: {} as RecordEditorContext<Form, Choices>,
      events: {} as RecordEditorEvent<Form>,
      tags: {} as 'loading' | 'failed' | 'notFound' | 'saving' | 'askingToLeave' | 'confirmingDelete' | 'deletePending' | 'deleting',
    },
    actors: {
      loadEditor: fromPromise<EditorData<Form, Choices>, LoadEditorRequest>(async () => {
        throw new Error('loadEditor must be provided');
      }),
      saveRecord: fromPromise<SavedRecord, SaveRecordRequest<Form>>(async () => {
        throw new Error('saveRecord must be provided');
      }),
      deleteRecord: fromPromise<void, DeleteRecordRequest>(async () => {
        throw new Error('deleteRecord must be provided');
      }),
    },
    delays: { undoDelay: UNDO_DELAY_MS },
    actions: {
      notifySuccess: (_, _params: { message: string }) => {},
      navigate: (_, _params: { to: string }) => {},
      /** The API client has already shown the server's message; this only logs. */
      logError: (_, _params: { error: unknown }) => {},
      acceptEditor: assign((_, params: { data: EditorData<Form, Choices> }) => ({
        form: params.data.form,
        loadedForm: params.data.form,
        choices: params.data.choices,
      })),
      holdLeaving: assign((_, params: { to: string }) => ({ leaveTo: params.to })),
      stay: assign({ leaveTo: null }),
      changeForm: assign(({ context, event }) => {
        assertEvent(event, 'form.change');
        const form = { ...context.form, ...event.patch };
        return { form, ...problemsAfterChange(context, problemsOf(form)) };
      }),
      showProblems: assign(({ context }) => presentProblems(context, problemsOf(context.form))),
      showRefusal: assign(({ context }, params: { error: unknown }) =>
        presentRefusal(context, params.error, fields, (field) => fieldOfBody(field, context.form)),
      ),
    },
    guards: {
      formHasProblem: ({ context }) => problemsOf(context.form).length > 0,
      isFieldRefusal,
      isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
      isNew: ({ context }) => context.recordId === null,
      formChanged: ({ context }) => formChanged(context),
      /** Whether the API offers deleting this kind of record (the wiring knows); a new record has nothing to delete. */
      deletionOffered: () => true,
      isStored: ({ context }) => context.recordId !== null,
      mayDelete: and(['isStored', 'deletionOffered']),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      recordId: input.recordId,
      form: options.blankForm,
      loadedForm: options.blankForm,
      choices: null,
      leaveTo: null,
      ...NO_PROBLEMS,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'loadEditor',
          input: ({ context }) => ({ id: context.recordId }),
          onDone: {
            target: 'editing',
            actions: { type: 'acceptEditor', params: ({ event }) => ({ data: event.output }) },
          },
          onError: [
            { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
            { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      failed: {
        tags: ['failed'],
        on: { 'retry': 'loading' },
      },
      notFound: {
        tags: ['notFound'],
        type: 'final',
      },
      editing: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'form.change': { actions: 'changeForm' },
              'form.submit': [{ guard: 'formHasProblem', actions: 'showProblems' }, { target: '#' + options.id + '.saving' }],
              'editor.cancel': [
                {
                  guard: 'formChanged',
                  target: 'confirmingLeave',
                  actions: { type: 'holdLeaving', params: ({ context }) => ({ to: listOf(context.form) }) },
                },
                { target: '#' + options.id + '.cancelled' },
              ],
              // Only a changed form holds a person back; an unchanged one lets them go unasked.
              'leave.request': {
                guard: 'formChanged',
                target: 'confirmingLeave',
                actions: { type: 'holdLeaving', params: ({ event }) => ({ to: event.to }) },
              },
              'delete.request': { guard: 'mayDelete', target: 'confirmingDelete' },
            },
          },
          confirmingLeave: {
            tags: ['askingToLeave'],
            on: {
              'leave.confirm': '#' + options.id + '.left',
              'leave.cancel': { target: 'idle', actions: 'stay' },
            },
          },
          confirmingDelete: {
            tags: ['confirmingDelete'],
            on: {
              'delete.confirm': 'undoable',
              'delete.cancel': 'idle',
            },
          },
          undoable: {
            tags: ['deletePending'],
            after: { undoDelay: '#' + options.id + '.deleting' },
            on: { 'delete.undo': 'idle' },
          },
        },
      },
      deleting: {
        tags: ['deleting'],
        invoke: {
          src: 'deleteRecord',
          input: ({ context }) => ({ id: context.recordId! }),
          onDone: 'deleted',
          onError: {
            target: 'editing',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      deleted: {
        type: 'final',
        entry: [
          { type: 'notifySuccess', params: { message: messages.deleted } },
          { type: 'navigate', params: ({ context }) => ({ to: listOf(context.form) }) },
        ],
      },
      left: {
        type: 'final',
        entry: { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo! }) },
      },
      saving: {
        tags: ['saving'],
        invoke: {
          src: 'saveRecord',
          input: ({ context }) => ({ id: context.recordId, form: context.form }),
          onDone: [
            { guard: 'isNew', target: 'saved', actions: { type: 'notifySuccess', params: { message: messages.created } } },
            { target: 'saved', actions: { type: 'notifySuccess', params: { message: messages.updated } } },
          ],
          // Everything typed stays; a refusal about fields lands under them.
          onError: saveFailed,
        },
      },
      saved: {
        type: 'final',
        entry: { type: 'navigate', params: ({ context }) => ({ to: listOf(context.form) }) },
      },
      cancelled: {
        type: 'final',
        entry: { type: 'navigate', params: ({ context }) => ({ to: listOf(context.form) }) },
      },
    },
  });
}

/** A record editor machine for one form and its choices. */
export type RecordEditorMachine<Form extends object, Choices> = ReturnType<typeof createRecordEditorMachine<Form, Choices>>;
