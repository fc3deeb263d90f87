/**
 * A problem with one field of a form or request body: the field's name (a body
 * property name where the form sends one) and what to tell the person. Every rule
 * of this module answers a list of them, all at once, so a form can put each under
 * its field and a server can answer `{ message, fields: { <field>: <message> } }`.
 */
export interface Problem<Field extends string = string> {
  field: Field;
  message: string;
}

/** A rule's verdict on one field: its message, or null when the field passes. */
export type Verdict = string | null;

/**
 * The problems of a form from one verdict per field, in the order given: callers
 * list fields in the order the spec checks them (or, where it is silent, the order
 * the form shows them), so the first problem is the one a single toast would name.
 */
export function problemsOf<Field extends string>(verdicts: readonly (readonly [Field, Verdict])[]): Problem<Field>[] {
  const problems: Problem<Field>[] = [];
  for (const [field, message] of verdicts) if (message !== null) problems.push({ field, message });
  return problems;
}

/** The refusal body a server sends for these problems (see the refusal shape in the README). */
export function refusalOf(problems: readonly Problem[]): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return { message: problems[0]?.message ?? '', fields };
}
