import { problemsStillShown, type Problem } from '../domain/rules/problems.ts';

/**
 * What every form machine keeps about its problems, so the screens show them
 * the same way: all at once under their fields, focus on the first.
 */
export interface FormProblems<Field extends string = string> {
  /** The problems shown under the fields, in the form's order. */
  problems: readonly Problem<Field>[];
  /**
   * Changes each time problems are presented (a refused submit, a server's
   * refusal): the screen then focuses the first. It alternates between 1 and 2
   * rather than counting, so the machine's states stay finitely many (the model
   * tests walk them all).
   */
  problemsShown: number;
  /** A refusal's words that belong to no field of the form (a stale record, say), or null. */
  formProblem: string | null;
}

export const NO_PROBLEMS: FormProblems<never> = { problems: [], problemsShown: 0, formProblem: null };

/** The context after a submit the rules refused: every problem at once. */
export function presentProblems<Field extends string>(current: FormProblems<Field>, problems: readonly Problem<Field>[]): FormProblems<Field> {
  return { problems, problemsShown: nextShowing(current), formProblem: null };
}

/** After a change: a fixed field's problem goes at once, and no new one is raised before the next submit. */
export function problemsAfterChange<Field extends string>(
  current: FormProblems<Field>,
  problemsNow: readonly Problem<Field>[],
): Pick<FormProblems<Field>, 'problems'> {
  return { problems: problemsStillShown(current.problems, problemsNow) };
}

/**
 * The context after a change to the form (a typed field, a chosen role): the new
 * form, and of the problems shown only those its rules still find.
 */
export function formChanged<Form extends object, Field extends string>(
  current: FormProblems<Field> & { form: Form },
  patch: Partial<Form>,
  problemsOf: (form: Form) => readonly Problem<Field>[],
): { form: Form } & Pick<FormProblems<Field>, 'problems'> {
  const form = { ...current.form, ...patch };
  return { form, ...problemsAfterChange(current, problemsOf(form)) };
}

/** The problems a failed save carries (the API client's ApiError keeps a refusal's fields), keyed by body property. */
export function problemsOfFailure(error: unknown): readonly Problem[] {
  const problems = (error as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as Problem[]) : [];
}

/**
 * The context after the server refused a save: its field problems under the
 * form's fields (renamed where the body calls them otherwise), and its message
 * above the form when no field of the form can hold it.
 */
export function presentRefusal<Field extends string>(
  current: FormProblems<Field>,
  error: unknown,
  fields: readonly Field[],
  fieldOfBody: (bodyField: string) => string = (field) => field,
): FormProblems<Field> {
  const placed: Problem<Field>[] = [];
  const unplaced: string[] = [];
  for (const problem of problemsOfFailure(error)) {
    const field = fieldOfBody(problem.field) as Field;
    if (fields.includes(field)) placed.push({ field, message: problem.message });
    else unplaced.push(problem.message);
  }
  if (placed.length === 0 && unplaced.length === 0) return current;
  placed.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
  return { problems: placed, problemsShown: nextShowing(current), formProblem: unplaced[0] ?? null };
}

function nextShowing(current: FormProblems<string>): number {
  return current.problemsShown === 1 ? 2 : 1;
}

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Whether a failed save was refused about fields (the guard `saveFailed` names). */
export const isFieldRefusal = (_: unknown, params: { error: unknown }) => problemsOfFailure(params.error).length > 0;

/**
 * A form's failed save, back to `editing` with everything typed: a refusal about
 * fields lands under them (`showRefusal`), anything else is only logged (`logError`:
 * the API client has shown its message).
 */
export const saveFailed = [
  { guard: { type: 'isFieldRefusal', params: errorOf }, target: 'editing', actions: { type: 'showRefusal', params: errorOf } },
  { target: 'editing', actions: { type: 'logError', params: errorOf } },
] as const;
