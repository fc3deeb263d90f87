import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

// The bench's probe of the server thread's uninterrupted stretches (server/db/stretch-probe.ts),
// switched on by CRM_STRETCH_PROBE before the statements' runner is made.
const folder = mkdtempSync(join(tmpdir(), 'stretch-probe-'));
const file = join(folder, 'stretches.jsonl');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const LONG = 'select sum(n)::int8 as total from generate_series(1, 400000) as n';

test('each statement is noted with its synchronous time, and a stretch of statements run back to back is shared out among them', async () => {
  process.env.CRM_STRETCH_PROBE = file;
  const { pgliteStatements } = await import('../../server/db/pglite-statements.ts');
  const pg = await PGlite.create();
  try {
    const statements = pgliteStatements(pg);
    expect(Object.hasOwn(pg, 'execProtocolRawSync')).toBe(true);
    // Awaited one after another, with nothing else to do: one task of the event loop, one stretch.
    for (let i = 0; i < 3; i += 1) expect(await statements.query(LONG, [])).toEqual([{ total: 80000200000 }]);
    // A stretch is settled a second after it ended; a snapshot is written every two seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    const last = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!);
    const long = last.parts[LONG];
    expect(long.count).toBe(3);
    expect(long.ms).toBeGreaterThan(3 * 3);
    expect(long.squares).toBeGreaterThanOrEqual(long.ms ** 2 / 3 - 1e-6);
    // The three ran in one stretch at least as long as they, which they make most of.
    expect(last.stretches.max).toBeGreaterThanOrEqual(long.ms - 1);
    expect(long.share).toBeGreaterThan(0.5 * last.stretches.squares);
  } finally {
    await pg.close();
    delete process.env.CRM_STRETCH_PROBE;
  }
});
