import { mkdtempSync, rmSync } from 'node:fs';
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
let callerUserId: number;

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
  const profile = await fetch(`${server.url}/api/auth/email?email=admin%40demo.test`, { headers: { authorization: `Bearer ${token}` } });
  callerUserId = ((await profile.json()) as { id: number }).id;
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('Schemathesis finds no answer of the server that breaks the contract', async () => {
  const { exitCode, output } = await runSchemathesis(
    fileURLToPath(new URL('schemathesis.toml', import.meta.url)),
    [
      // The document as the server serves it (openapi/crm.yaml): each operation's address is then
      // the server's, the tenant service's under its own base path.
      `${server.url}/api/openapi.json`,
      '--max-time', String(TIME_BUDGET_SECONDS),
      '--output-truncate', 'true',
    ],
    { CRM_CONTRACT_TOKEN: token, CRM_CONTRACT_CALLER_USER_ID: String(callerUserId) },
  );
  const summary = output.slice(output.lastIndexOf('SUMMARY'));
  // Everything it printed, each failure with a curl line that repeats it.
  expect(exitCode, `Schemathesis found failures:\n${output}`).toBe(0);
  // Every operation of the document was tried, none left out for want of a way to call it.
  expect(summary).toMatch(new RegExp(`Tested: ${loadContract().operations().length}\\b`));
}, (TIME_BUDGET_SECONDS + 120) * 1000);
