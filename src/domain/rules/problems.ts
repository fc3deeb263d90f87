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

/** The refusal body a server sends for these problems (docs/architecture.md, "Rules, forms and refusals"). */
export function refusalOf(problems: readonly Problem[]): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return { message: problems[0]?.message ?? '', fields };
}

/**
 * The problems to show after a field changed: only fields already showing one
 * keep it, with the rules' current word on them, so a fixed field's message goes
 * away at once while fields not yet complained about stay quiet until the next
 * submit.
 */
export function problemsStillShown<Field extends string>(
  shown: readonly Problem<Field>[],
  current: readonly Problem<Field>[],
): Problem<Field>[] {
  const now = new Map<Field, string>();
  for (const problem of current) if (!now.has(problem.field)) now.set(problem.field, problem.message);
  const kept: Problem<Field>[] = [];
  for (const problem of shown) {
    const message = now.get(problem.field);
    if (message !== undefined) kept.push({ field: problem.field, message });
  }
  return kept;
}

/** The message under one field, if it has a problem. */
export function problemOf<Field extends string>(problems: readonly Problem<Field>[], field: Field): string | undefined {
  return problems.find((problem) => problem.field === field)?.message;
}

/**
 * One problem per field, in the form's field order: where several lists name a
 * field, the earlier list wins (what was typed is judged before the value it
 * stands for).
 */
export function mergeProblems<Field extends string>(order: readonly Field[], ...lists: readonly (readonly Problem<Field>[])[]): Problem<Field>[] {
  const byField = new Map<Field, string>();
  for (const list of lists) for (const problem of list) if (!byField.has(problem.field)) byField.set(problem.field, problem.message);
  const merged: Problem<Field>[] = [];
  for (const field of order) {
    const message = byField.get(field);
    if (message !== undefined) merged.push({ field, message });
  }
  return merged;
}

/** Problems of a request body renamed to the form's fields. */
export function renameProblems<From extends string, To extends string>(problems: readonly Problem<From>[], fieldOf: (field: From) => To): Problem<To>[] {
  return problems.map((problem) => ({ field: fieldOf(problem.field), message: problem.message }));
}
