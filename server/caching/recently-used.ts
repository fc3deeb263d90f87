/**
 * Values kept by name within a budget of weight (bytes, or 1 for each entry): the least
 * recently used go first. The one bounded map of the caches (the answer cache, the tagged
 * answers, the year's pieces, the customers' sums), so what is counted and what goes is
 * decided in one place.
 */
export interface RecentlyUsed<Value> {
  /** The value kept under `name`, which becomes the most recently used. */
  get(name: string): Value | undefined;
  /** The value kept under `name`, its place left as it is. */
  peek(name: string): Value | undefined;
  /**
   * Keeps `value` under `name` as the most recently used, in place of what was kept there,
   * forgetting the least recently used beyond the budget. A value heavier than the whole
   * budget is never kept (it would push out everything else and then itself): the name
   * then holds nothing.
   */
  set(name: string, value: Value): void;
  delete(name: string): void;
  /**
   * `value`, kept under `name`, weighs differently now (a compressed copy made of it, its
   * JSON dropped): counted anew, forgetting the least recently used beyond the budget. A
   * value grown heavier than the whole budget is forgotten alone. Nothing when `name` no
   * longer holds `value` (what is not kept is not counted).
   */
  weighAgain(name: string, value: Value): void;
  /** The weight kept now. */
  weight(): number;
}

/**
 * Bounded by `budget`, each value weighing `weigh(value)` when it is kept or weighed again;
 * without `weigh`, each weighs 1 and `budget` is a number of entries.
 */
export function recentlyUsed<Value>(budget: number, weigh: (value: Value) => number = () => 1): RecentlyUsed<Value> {
  // A Map iterates in insertion order, so the first key is the least recently used.
  const entries = new Map<string, { value: Value; weight: number }>();
  let total = 0;
  // The name last put at the end: using it again needs no move (nearly every hit under load).
  // While it is kept it is the last key, since every move or insert puts its name here.
  let newest: string | undefined;

  const forget = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    total -= entry.weight;
  };
  const forgetOverBudget = () => {
    for (const oldest of entries.keys()) {
      if (total <= budget) break;
      forget(oldest);
    }
  };
  const putLast = (name: string, entry: { value: Value; weight: number }) => {
    entries.delete(name);
    entries.set(name, entry);
    newest = name;
  };

  return {
    get(name) {
      const entry = entries.get(name);
      if (entry && name !== newest) putLast(name, entry);
      return entry?.value;
    },
    peek: (name) => entries.get(name)?.value,
    set(name, value) {
      forget(name);
      const weight = weigh(value);
      if (weight > budget) return;
      putLast(name, { value, weight });
      total += weight;
      forgetOverBudget();
    },
    delete: forget,
    weighAgain(name, value) {
      const entry = entries.get(name);
      if (entry?.value !== value) return;
      const weight = weigh(value);
      total += weight - entry.weight;
      entry.weight = weight;
      if (weight > budget) forget(name);
      forgetOverBudget();
    },
    weight: () => total,
  };
}
