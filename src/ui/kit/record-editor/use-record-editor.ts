import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RecordEditorMachine } from '../../../machines/record-editor.ts';
import type { Wiring } from '../../../wiring/wiring.ts';
import { useFlow } from '../services.tsx';
import { useProblem } from '../form/use-problems.ts';

export type RecordEditorActor<Form extends object, Choices> = ActorRefFrom<RecordEditorMachine<Form, Choices>>;

/**
 * Starts a record editor for the screen's lifetime through the one hook, useFlow.
 * The wiring is read once: a screen for another record is another editor (give it a key).
 */
export function useRecordEditor<Form extends object, Choices>(
  wire: Wiring<RecordEditorMachine<Form, Choices>>,
  recordId: number | null,
): RecordEditorActor<Form, Choices> {
  return useFlow(wire, () => ({ recordId })) as RecordEditorActor<Form, Choices>;
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
