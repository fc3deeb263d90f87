/** Rows a person has chosen in a list (for bulk actions), by id, in the order they were chosen. */

/** Whether every one of `ids` is chosen (and there is at least one). */
export function allChosen(selected: ReadonlySet<number>, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** `selected` with `id` chosen if it was not, let go if it was. */
export function toggledRow(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** `selected` with a page's `ids` all let go when all of them were chosen, else all chosen. */
export function toggledPage(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const all = allChosen(selected, ids);
  const next = new Set(selected);
  for (const id of ids) if (all) next.delete(id);
  else next.add(id);
  return next;
}
