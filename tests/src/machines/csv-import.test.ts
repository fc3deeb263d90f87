import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { readImportFile, type ImportFile } from '../../../src/domain/csv/imports.ts';
import { csvImportMachine, type ImportProgressEvent, type ImportRequest, type ImportTenant } from '../../../src/machines/csv-import.ts';
import { parseCsv } from '../../../src/domain/csv/csv.ts';

const tenant: ImportTenant = {
  salespersons: [
    { id: 7, name: 'Riley Rep', email: 'rep@demo.test' },
    { id: 8, name: 'Morgan Manager', email: 'manager@demo.test' },
  ],
  customers: ['Acme Corp'],
};

const opportunitiesCsv = [
  'Created,Customer,Salesperson,Salesperson email,Stage,Revenue,Probability,Weighted revenue',
  '2025-02-03,Initech,Riley Rep,rep@demo.test,proposal,1200.5,40,480.2',
  '2025-02-04,Hooli,Someone Else,someone@else.test,negotiation,900,50,450',
  '2025-02-05,Umbrella,Morgan Manager,manager@demo.test,closed won,abc,100,0',
].join('\r\n');

/** A File stand-in: the machine hands it to readFile only. */
const fileNamed = (name: string) => ({ name }) as File;

function start(options: { text?: string; importRows?: (request: ImportRequest, sendBack: (event: ImportProgressEvent) => void) => void; kind?: 'opportunities' | 'customers' } = {}) {
  const requests: ImportRequest[] = [];
  const saveFile = vi.fn();
  const notifySuccess = vi.fn();
  const actor = createActor(
    csvImportMachine.provide({
      actors: {
        loadTenant: fromPromise(async () => tenant),
        readFile: fromPromise(async ({ input }: { input: { file: File } }): Promise<ImportFile | { problem: string }> =>
          readImportFile(input.file.name, options.text ?? opportunitiesCsv),
        ),
        importRows: fromCallback<EventObject, ImportRequest>(({ input, sendBack }) => {
          requests.push(input);
          (options.importRows ?? ((request, back) => {
            back({ type: 'import.progress', done: request.rows.length, total: request.rows.length });
            back({ type: 'import.done', imported: request.rows.length });
          }))(input, sendBack);
        }),
      },
      actions: {
        saveFile: (_, params) => saveFile(params),
        notifySuccess: (_, params) => notifySuccess(params.message),
      },
    }),
    { input: { kind: options.kind ?? 'opportunities', tenantId: 1, today: '2026-06-15' } },
  );
  actor.start();
  return { actor, requests, saveFile, notifySuccess };
}

async function toPreview(actor: ReturnType<typeof start>['actor']) {
  await waitFor(actor, (state) => state.matches('upload'));
  actor.send({ type: 'file.choose', file: fileNamed('deals.csv') });
  await waitFor(actor, (state) => state.matches('mapping'));
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().value).toBe('previewing');
}

describe('CSV import', () => {
  test("the columns are guessed from the export's own header", async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('upload'));
    actor.send({ type: 'file.choose', file: fileNamed('deals.csv') });
    await waitFor(actor, (state) => state.matches('mapping'));
    expect(actor.getSnapshot().context.mapping).toEqual({ customer: 1, salesperson: 3, stage: 4, date: 0, revenue: 5, probability: 6 });
  });

  test("the preview shows every row's problem by the form's rules, and nothing is imported before the confirmation", async () => {
    const { actor, requests } = start();
    await toPreview(actor);
    const problems = actor.getSnapshot().context.checked.map((row) => [row.row, row.problem]);
    expect(problems).toEqual([
      [2, null],
      [3, 'Salesperson "someone@else.test" is not a salesperson of your tenant.'],
      [4, 'Revenue must be an amount such as 1,234.50.'],
    ]);
    actor.send({ type: 'import.request' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'import.cancel' });
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(requests).toEqual([]);
  });

  test('confirmed, only the valid rows are sent, together, and the report counts them', async () => {
    const { actor, requests, notifySuccess } = start();
    await toPreview(actor);
    actor.send({ type: 'import.request' });
    actor.send({ type: 'import.confirm' });
    await waitFor(actor, (state) => state.matches('done'));
    expect(requests).toEqual([
      { kind: 'opportunities', rows: [{ customer: 'Initech', salesperson_id: 7, stage: 'proposal', created_date: '2025-02-03', revenue: 1200.5, probability: 40 }] },
    ]);
    expect(actor.getSnapshot().context.imported).toBe(1);
    expect(notifySuccess).toHaveBeenCalledWith('1 row imported.');
  });

  test('a fallback salesperson takes the rows naming none of the tenant', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('upload'));
    actor.send({ type: 'file.choose', file: fileNamed('deals.csv') });
    await waitFor(actor, (state) => state.matches('mapping'));
    actor.send({ type: 'fallback.change', salespersonId: 8 });
    actor.send({ type: 'form.submit' });
    const row = actor.getSnapshot().context.checked[1]!;
    expect(row.problem).toBeNull();
    expect(row.write).toMatchObject({ customer: 'Hooli', salesperson_id: 8 });
  });

  test('the rows with problems are offered as a CSV with their reasons', async () => {
    const { actor, saveFile } = start();
    await toPreview(actor);
    actor.send({ type: 'failed.download' });
    const { fileName, text } = saveFile.mock.calls[0]![0] as { fileName: string; text: string };
    expect(fileName).toBe('deals-problems.csv');
    const [header, ...rows] = parseCsv(text);
    expect(header!.at(-1)).toBe('Reason');
    expect(rows.map((row) => [row[1], row.at(-1)])).toEqual([
      ['Hooli', 'Salesperson "someone@else.test" is not a salesperson of your tenant.'],
      ['Umbrella', 'Revenue must be an amount such as 1,234.50.'],
    ]);
  });

  test('a required field without a column cannot be previewed', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('upload'));
    actor.send({ type: 'file.choose', file: fileNamed('deals.csv') });
    await waitFor(actor, (state) => state.matches('mapping'));
    actor.send({ type: 'mapping.change', field: 'revenue', column: null });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('mapping');
  });

  test('progress is shown while the import runs; a failure leaves the rows to try again', async () => {
    let attempt = 0;
    const { actor } = start({
      importRows: (request, back) => {
        attempt += 1;
        back({ type: 'import.progress', done: 0, total: request.rows.length });
        if (attempt === 1) back({ type: 'import.failed', message: 'The import failed; nothing was imported.' });
      },
    });
    await toPreview(actor);
    actor.send({ type: 'import.request' });
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('The import failed; nothing was imported.');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('importing');
    expect(actor.getSnapshot().context.progress).toEqual({ done: 0, total: 1 });
  });

  test('a file that is no CSV, or has no rows, says so and waits for another', async () => {
    const { actor } = start({ text: 'Name\n"unclosed' , kind: 'customers' });
    await waitFor(actor, (state) => state.matches('upload'));
    actor.send({ type: 'file.choose', file: fileNamed('people.csv') });
    await waitFor(actor, (state) => state.matches('upload') && state.context.fileProblem !== null);
    expect(actor.getSnapshot().context.fileProblem).toBe('people.csv is not a CSV file we can read: A quoted cell opened on line 2 is never closed.');
  });

  test('customers: a name the tenant has, or one twice in the file, is a problem of its row', async () => {
    const { actor } = start({ kind: 'customers', text: 'Name,Email\nacme corp,\nNew Co,new@co.test\nnew co,\nBad Mail,nope' });
    await toPreview(actor);
    expect(actor.getSnapshot().context.checked.map((row) => row.problem)).toEqual([
      'A customer named "acme corp" already exists.',
      null,
      '"new co" is already in row 3 of the file.',
      'Email must be an e-mail address such as name@example.com, or empty.',
    ]);
  });
});
