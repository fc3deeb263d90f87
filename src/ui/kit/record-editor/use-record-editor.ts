import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import toast from 'react-hot-toast';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import type {
  EditorData,
  LoadEditorRequest,
  RecordEditorMachine,
  SaveRecordRequest,
  SavedRecord,
} from '../../../machines/record-editor.ts';
import { inspection } from '../../../platform/inspector.ts';
import { useProblem } from '../form/use-problems.ts';

export type RecordEditorActor<Form extends object, Choices> = ActorRefFrom<RecordEditorMachine<Form, Choices>>;

/** How one record type loads and saves through the API client. */
export interface RecordEditorIo<Form, Choices> {
  loadEditor: (request: LoadEditorRequest) => Promise<EditorData<Form, Choices>>;
  saveRecord: (request: SaveRecordRequest<Form>) => Promise<SavedRecord>;
}

/**
 * Starts a record editor for the screen's lifetime, wired to the API calls of
 * its record type, the app's toasts and the router. The input and the wiring are
 * read once: a screen for another record is another editor (give it a key).
 */
export function useRecordEditor<Form extends object, Choices>(
  machine: RecordEditorMachine<Form, Choices>,
  recordId: number | null,
  io: RecordEditorIo<Form, Choices>,
): RecordEditorActor<Form, Choices> {
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    machine.provide({
      actors: {
        loadEditor: fromPromise(({ input }) => io.loadEditor(input)),
        saveRecord: fromPromise(({ input }) => io.saveRecord(input)),
      },
      actions: {
        notifySuccess: (_, { message }) => void toast.success(message),
        navigate: (_, { to }) => navigate(to),
        logError: (_, { error }) => console.error(error),
      },
    }),
  );
  return useActorRef(logic, { input: { recordId }, inspect: inspection() }) as RecordEditorActor<Form, Choices>;
}

/**
 * One value of the form, its setter and the problem shown under it: the field
 * re-renders only when its value or its problem changes.
 */
export function useFormField<Form extends object, Choices, Key extends keyof Form & string>(
  editor: RecordEditorActor<Form, Choices>,
  key: Key,
): [Form[Key], (value: Form[Key]) => void, string | undefined] {
  const value = useSelector(editor, (state) => state.context.form[key]);
  const problem = useProblem(editor, key);
  const set = (next: Form[Key]) => editor.send({ type: 'form.change', patch: { [key]: next } as unknown as Partial<Form> });
  return [value, set, problem];
}

/** The choices the editor loaded (empty until then). */
export function useChoices<Form extends object, Choices>(editor: RecordEditorActor<Form, Choices>): Choices | null {
  return useSelector(editor, (state) => state.context.choices);
}
