/**
 * A CSV file of opportunities imported as the app does it,
 * from the text to the server's last line: read (parseCsv), columns guessed, every row
 * checked by the form's rules, then sent and written in one transaction.
 */
import { csvFile } from '../src/domain/csv/csv.ts';
import { OPPORTUNITY_HEADER } from '../src/domain/csv/exports.ts';
import { checkRows, guessMapping, readImportFile } from '../src/domain/csv/imports.ts';
import { readJsonLines } from '../src/api/json-lines.ts';
import { atMost, type Figure } from './figures.ts';
import type { LargeTenant } from './large-tenant.ts';

export const IMPORT_ROWS = 50_000;
const IMPORT_BUDGET_MS = 10_000;
// A year no other figure reads, so the rows change nothing the dashboard or the lists are timed on.
const IMPORT_YEAR = 2001;
const STAGES = ['qualification', 'proposal', 'negotiation', 'closed won', 'closed lost'];

/** A file as another CRM would export it: the bench tenant's salespersons by e-mail, a few hundred customers. */
function benchFile(emails: readonly string[]): string {
  const records = Array.from({ length: IMPORT_ROWS }, (_, at) => {
    const day = `${IMPORT_YEAR}-${String((at % 12) + 1).padStart(2, '0')}-${String((at % 28) + 1).padStart(2, '0')}`;
    const revenue = ((at * 7919) % 500_000) / 4;
    return [day, `Imported Customer ${at % 700}`, '', emails[at % emails.length]!, STAGES[at % STAGES.length]!, revenue, (at * 13) % 101, ''];
  });
  return csvFile([[...OPPORTUNITY_HEADER], ...records]);
}

export async function importFigure(baseUrl: string, accessToken: string, tenant: LargeTenant): Promise<Figure> {
  console.error(`[bench] CSV import of ${IMPORT_ROWS.toLocaleString('en-US')} opportunities`);
  const headers = { authorization: `Bearer ${accessToken}` };
  const salespersons = (await (await fetch(`${baseUrl}/api/salespersons/getAllData/${tenant.tenantId}`, { headers })).json()) as { id: number; name: string; email: string }[];
  const text = benchFile(salespersons.map((person) => person.email));

  const started = performance.now();
  const file = readImportFile('bench.csv', text);
  if ('problem' in file) throw new Error(file.problem);
  const checked = checkRows('opportunities', file.records, guessMapping('opportunities', file.header), {
    salespersons,
    customers: [],
    fallbackSalespersonId: null,
    today: `${IMPORT_YEAR}-01-01`,
  });
  const rows = checked.flatMap((row) => (row.write ? [row.write] : []));
  if (rows.length !== IMPORT_ROWS) throw new Error(`${IMPORT_ROWS - rows.length} rows had problems: ${checked.find((row) => row.problem)?.problem}`);
  const response = await fetch(`${baseUrl}/api/csv/import/opportunities`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  if (!response.ok || !response.body) throw new Error(`the import answered ${response.status}: ${await response.text()}`);
  let outcome: unknown;
  await readJsonLines(response.body, (line) => {
    outcome = line;
  });
  const elapsed = performance.now() - started;
  if ((outcome as { imported?: number }).imported !== IMPORT_ROWS) throw new Error(`the import ended with ${JSON.stringify(outcome)}`);
  return atMost(`CSV import of ${IMPORT_ROWS.toLocaleString('en-US')} opportunities (read, checked, written in one transaction), PGlite`, elapsed, 'ms', IMPORT_BUDGET_MS);
}
