import { fromPromise } from 'xstate';
import type {
  EditorData,
  LoadEditorRequest,
  RecordEditorMachine,
  SaveRecordRequest,
  SavedRecord,
} from '../machines/record-editor.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import { feedbackWithNavigation } from './wiring.ts';

/** How one record type loads and saves through the API client. */
export interface RecordEditorIo<Form, Choices> {
  loadEditor: (request: LoadEditorRequest) => Promise<EditorData<Form, Choices>>;
  saveRecord: (request: SaveRecordRequest<Form>) => Promise<SavedRecord>;
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
    },
    actions: feedbackWithNavigation(services),
  });
}
