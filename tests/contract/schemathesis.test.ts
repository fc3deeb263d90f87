import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signInForAccessToken } from '../../bench/sign-in.ts';
import { loadContract } from '../../server/http/contract.ts';
import { installSchemathesis, runSchemathesis } from '../support/schemathesis.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * An independent tool on the far side of the contract: Schemathesis reads openapi/crm.yaml,
 * makes valid and invalid requests for every operation (the spec's calls and the project's
 * own), signed in as the demo tenant's Super Admin, against the real server process on the
 * demo data, and checks each answer with its default checks: no server error, every status,
 * content type, header and body as documented, every valid request accepted and every
 * invalid one refused.
 */
const TIME_BUDGET_SECONDS = 120;

let server: ServerProcess;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-contract-'));
  const [, started] = await Promise.all([
    installSchemathesis(),
    startServerProcess({
      CRM_DATA_DIR: dataDir,
      // The run outlasts the default five minutes of an access token.
      ACCESS_TOKEN_TTL: String(TIME_BUDGET_SECONDS * 3),
    }),
  ]);
  server = started;
  token = await signInForAccessToken(server.url, 'admin@demo.test', 'demo-password');
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('Schemathesis finds no answer of the server that breaks the contract', async () => {
  const reports = mkdtempSync(join(tmpdir(), 'crm-schemathesis-'));
  const { exitCode, output } = await runSchemathesis(
    fileURLToPath(new URL('schemathesis.toml', import.meta.url)),
    [
      'openapi/crm.yaml',
      '--max-time', String(TIME_BUDGET_SECONDS),
      '--report', 'junit',
      '--report-dir', reports,
      '--output-truncate', 'true',
    ],
    { CRM_CONTRACT_URL: server.url, CRM_CONTRACT_TOKEN: token },
  );
  const summary = output.slice(output.lastIndexOf('SUMMARY'));
  if (exitCode !== 0) writeFileSync(join(reports, 'output.txt'), output);
  expect(exitCode, `Schemathesis found failures (everything it printed is in ${reports}/output.txt):\n${output}`).toBe(0);
  // Every operation of the document was tried, none left out for want of a way to call it.
  expect(summary).toMatch(new RegExp(`Tested: ${loadContract().operations().length}\\b`));
  rmSync(reports, { recursive: true, force: true });
}, (TIME_BUDGET_SECONDS + 120) * 1000);
