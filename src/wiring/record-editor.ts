import { fromPromise } from 'xstate';
import type { ApiPart } from '../domain/api-parts.ts';
import type {
  DeleteRecordRequest,
  EditorData,
  LoadEditorRequest,
  RecordEditorMachine,
  SaveRecordRequest,
  SavedRecord,
} from '../machines/record-editor.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import { feedbackWithNavigation } from './wiring.ts';

/** How one record type loads, saves and deletes through the API client. */
export interface RecordEditorIo<Form, Choices> {
  loadEditor: (request: LoadEditorRequest) => Promise<EditorData<Form, Choices>>;
  saveRecord: (request: SaveRecordRequest<Form>) => Promise<SavedRecord>;
  deleteRecord: (request: DeleteRecordRequest) => Promise<void>;
  /** The optional part of the API whose DELETE the editor calls: Delete is offered only when the API has it. */
  deletePart: ApiPart;
}

/** A record editor wired to the API calls of its record type, the app's toasts and the router. */
export function recordEditorFlow<Form extends object, Choices>(
  machine: RecordEditorMachine<Form, Choices>,
  io: RecordEditorIo<Form, Choices>,
  services: AppServices,
): RecordEditorMachine<Form, Choices> {
  return machine.provide({
    actors: {
      loadEditor: fromPromise(({ input }) => io.loadEditor(input)),
      saveRecord: fromPromise(({ input }) => io.saveRecord(input)),
      deleteRecord: fromPromise(({ input }) => io.deleteRecord(input)),
    },
    actions: feedbackWithNavigation(services),
    guards: {
      deletionOffered: () => services.apiParts.getSnapshot().context.parts.includes(io.deletePart),
    },
  });
}
