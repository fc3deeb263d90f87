import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

test('the committed API types are what `npm run generate` makes of the OpenAPI document', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-types-'));
  try {
    const fresh = join(dir, 'schema.d.ts');
    execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi/crm.yaml', '-o', fresh], {
      stdio: 'pipe',
    });
    const committed = readFileSync('src/api/schema.d.ts', 'utf8');
    expect(committed, 'src/api/schema.d.ts is stale: run npm run generate and commit it').toBe(readFileSync(fresh, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
