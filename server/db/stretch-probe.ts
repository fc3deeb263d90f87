/**
 * A probe of the server thread's uninterrupted stretches, on only when the bench sets
 * CRM_STRETCH_PROBE to a file: every request waits behind the stretch under way, and a
 * queue's wait grows with the sum of its squared service times, so this says who makes
 * that sum. A 1 ms interval timer notes how late it fires (the stretch it waited behind);
 * PGlite's statements (each a synchronous run of its WebAssembly, plus the reading of its
 * rows) and V8's garbage collections are noted with their lengths as they happen. A stretch
 * S made of parts t₁…tₙ adds S·tᵢ to part i's share of ΣS² (the shares add up to ΣS²); what
 * no part explains is JavaScript of the server's own. Snapshots of the running sums are
 * appended to the file every two seconds, one JSON line each.
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

interface Totals {
  count: number;
  ms: number;
  squares: number;
  max: number;
  /** Σ S·t over the stretches over the threshold this part was in. */
  share: number;
}

interface Gap {
  start: number;
  end: number;
  parts: Map<string, number>;
}

export interface StretchProbe {
  /** Notes a synchronous part of `ms` milliseconds, ending now, under `label`. */
  note(label: string, ms: number): void;
}

const TICK_MS = 1;
const STRETCH_MS = 3;
const GC_DELIVERY_MS = 1_000;

let probe: StretchProbe | undefined | null = null;

/** The probe when CRM_STRETCH_PROBE names a file, else undefined (and nothing is timed). */
export function stretchProbe(): StretchProbe | undefined {
  if (probe === null) probe = process.env.CRM_STRETCH_PROBE ? startProbe(process.env.CRM_STRETCH_PROBE) : undefined;
  return probe;
}

function startProbe(file: string): StretchProbe {
  const parts = new Map<string, Totals>();
  const stretches = { count: 0, squares: 0, ms: 0, over10: 0, over20: 0, over50: 0, max: 0, unexplained: 0, unexplainedSquares: 0 };
  let current = new Map<string, number>();
  const pending: Gap[] = [];
  let last = performance.now();

  const totals = (label: string) => {
    let entry = parts.get(label);
    if (!entry) parts.set(label, (entry = { count: 0, ms: 0, squares: 0, max: 0, share: 0 }));
    return entry;
  };
  const add = (label: string, ms: number) => {
    const entry = totals(label);
    entry.count += 1;
    entry.ms += ms;
    entry.squares += ms * ms;
    entry.max = Math.max(entry.max, ms);
  };
  const settle = (gap: Gap) => {
    const length = gap.end - gap.start - TICK_MS;
    if (length < STRETCH_MS) return;
    stretches.count += 1;
    stretches.ms += length;
    stretches.squares += length * length;
    stretches.max = Math.max(stretches.max, length);
    if (length > 10) stretches.over10 += 1;
    if (length > 20) stretches.over20 += 1;
    if (length > 50) stretches.over50 += 1;
    let explained = 0;
    for (const [label, ms] of gap.parts) {
      const part = Math.min(ms, length);
      explained += part;
      totals(label).share += length * part;
    }
    const rest = Math.max(0, length - explained);
    stretches.unexplained += rest;
    stretches.unexplainedSquares += length * rest;
  };

  const timer = setInterval(() => {
    const now = performance.now();
    pending.push({ start: last, end: now, parts: current });
    current = new Map();
    last = now;
    while (pending.length && pending[0]!.end < now - GC_DELIVERY_MS) settle(pending.shift()!);
  }, TICK_MS);
  timer.unref();

  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const label = `gc ${gcKind((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind)}`;
      add(label, entry.duration);
      const gap = pending.find((g) => entry.startTime >= g.start && entry.startTime < g.end);
      const parts = gap ? gap.parts : current;
      parts.set(label, (parts.get(label) ?? 0) + entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });

  const writer = setInterval(() => {
    const snapshot = { pid: process.pid, at: Date.now(), cpu: process.cpuUsage(), stretches, parts: Object.fromEntries(parts) };
    appendFileSync(file, `${JSON.stringify(snapshot)}\n`);
  }, 2_000);
  writer.unref();

  return {
    note(label, ms) {
      add(label, ms);
      current.set(label, (current.get(label) ?? 0) + ms);
    },
  };
}

function gcKind(kind: number | undefined): string {
  switch (kind) {
    case constants.NODE_PERFORMANCE_GC_MINOR:
      return 'minor (scavenge)';
    case constants.NODE_PERFORMANCE_GC_MAJOR:
      return 'major (mark-compact)';
    case constants.NODE_PERFORMANCE_GC_INCREMENTAL:
      return 'incremental marking';
    case constants.NODE_PERFORMANCE_GC_WEAKCB:
      return 'weak callbacks';
    default:
      return `kind ${kind}`;
  }
}
