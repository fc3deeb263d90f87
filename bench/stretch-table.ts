/**
 * The minute's table of the server thread's stretches from the probe's snapshots
 * (server/db/stretch-probe.ts): `CRM_STRETCH_PROBE=<file> npm run bench -- --only load`, then
 * `node --import tsx bench/stretch-table.ts <file> [seconds] [rows]`. The server is the process
 * in the file that used the most CPU over the last snapshots (the bench's own processes that
 * open PGlite write there too); the figures are its last snapshot less the one `seconds` before.
 */
import { readFileSync } from 'node:fs';

type Totals = Record<'count' | 'ms' | 'squares' | 'max' | 'share', number>;
interface Snapshot {
  pid: number;
  at: number;
  cpu: { user: number; system: number };
  stretches: Record<'count' | 'squares' | 'ms' | 'over10' | 'over20' | 'over50' | 'max' | 'unexplained' | 'unexplainedSquares', number>;
  parts: Record<string, Totals>;
}

const [file, secondsText = '60', rowsText = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/stretch-table.ts <file> [seconds] [rows]');
const seconds = Number(secondsText);
const snapshots = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Snapshot);
const byProcess = new Map<number, Snapshot[]>();
for (const snapshot of snapshots) byProcess.set(snapshot.pid, [...(byProcess.get(snapshot.pid) ?? []), snapshot]);
const cpuOf = (snapshot: Snapshot) => (snapshot.cpu.user + snapshot.cpu.system) / 1000;
const startOf = (list: Snapshot[]) => [...list].reverse().find((snapshot) => snapshot.at <= list.at(-1)!.at - seconds * 1000) ?? list[0]!;
const busy = (list: Snapshot[]) => cpuOf(list.at(-1)!) - cpuOf(startOf(list));
const server = [...byProcess.values()].sort((a, b) => busy(b) - busy(a))[0]!;
const end = server.at(-1)!;
const start = startOf(server);
/** The running sums less those of the earlier snapshot (a longest is since the start). */
const less = <K extends string>(a: Record<K, number>, b: Record<K, number> | undefined): Record<K, number> =>
  Object.fromEntries((Object.entries(a) as [K, number][]).map(([key, value]) => [key, key === 'max' ? value : value - (b?.[key] ?? 0)])) as Record<K, number>;
const stretches = less(end.stretches, start.stretches);
const fixed = (value: number, digits = 1) => value.toFixed(digits);
console.log(`${fixed((end.at - start.at) / 1000)} s of process ${end.pid}: ${fixed((cpuOf(end) - cpuOf(start)) / 1000)} s of CPU`);
console.log(
  `stretches of 3 ms or more: ${stretches.count}, ${fixed(stretches.ms / 1000, 2)} s, ΣS² ${fixed(stretches.squares / 1000)} s·ms; ` +
    `over 10 ms ${stretches.over10}, over 20 ms ${stretches.over20}, over 50 ms ${stretches.over50}; the longest since the start ${fixed(end.stretches.max)} ms`,
);
console.log(
  `not in a statement or a collection (the server's own JavaScript): ${fixed(stretches.unexplained / 1000, 2)} s, ` +
    `${fixed(stretches.unexplainedSquares / 1000)} s·ms of ΣS² (${fixed((100 * stretches.unexplainedSquares) / stretches.squares)} %)`,
);
console.log('| part | count | ms | mean ms | longest ms | Σt² s·ms | ΣS·t s·ms | % of ΣS² |');
console.log('|---|---|---|---|---|---|---|---|');
const rows = Object.entries(end.parts)
  .map(([label, totals]) => [label, less(totals, start.parts[label])] as const)
  .filter(([, totals]) => totals.count > 0)
  .sort((a, b) => b[1].share - a[1].share)
  .slice(0, Number(rowsText));
for (const [label, totals] of rows) {
  console.log(
    `| ${label.replaceAll('|', '\\|')} | ${totals.count} | ${fixed(totals.ms, 0)} | ${fixed(totals.ms / totals.count, 2)} | ${fixed(totals.max)} | ` +
      `${fixed(totals.squares / 1000)} | ${fixed(totals.share / 1000)} | ${fixed((100 * totals.share) / stretches.squares)} |`,
  );
}
