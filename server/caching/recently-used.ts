/** Values kept by name, bounded in entries: the least recently used goes first. */
export interface RecentlyUsed<Value> {
  /** The value kept under `name`, which becomes the most recently used. */
  get(name: string): Value | undefined;
  /** The value kept under `name`, its place left as it is. */
  peek(name: string): Value | undefined;
  /** Keeps `value` under `name` as the most recently used, forgetting the least recently used beyond `max`. */
  set(name: string, value: Value): void;
}

export function recentlyUsed<Value>(max: number): RecentlyUsed<Value> {
  // A Map iterates in insertion order, so the first key is the least recently used.
  const entries = new Map<string, Value>();
  const set = (name: string, value: Value) => {
    entries.delete(name);
    entries.set(name, value);
    for (const oldest of entries.keys()) {
      if (entries.size <= max) break;
      entries.delete(oldest);
    }
  };
  return {
    get(name) {
      const value = entries.get(name);
      if (value !== undefined) set(name, value);
      return value;
    },
    peek: (name) => entries.get(name),
    set,
  };
}
