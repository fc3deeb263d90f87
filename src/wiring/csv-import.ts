import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { ApiError, found, type CrmClient, type CustomerWrite, type OpportunityImportRow } from '../api/client.ts';
import { readJsonLines } from '../api/json-lines.ts';
import { decodeImportFile, readImportFile } from '../domain/csv/imports.ts';
import { csvImportMachine, type ImportProgressEvent, type ImportRequest } from '../machines/csv-import.ts';
import { saveBytes } from '../platform/browser-files.ts';
import { feedback, type Wiring } from './wiring.ts';

const FAILED = 'The import failed; nothing was imported.';

/** Sends the rows and turns the answer's lines into the machine's progress, done and failed events. */
async function sendImport(api: CrmClient, request: ImportRequest, signal: AbortSignal, tell: (event: ImportProgressEvent) => void): Promise<void> {
  const call =
    request.kind === 'opportunities'
      ? api.POST('/api/csv/import/opportunities', { body: { rows: request.rows as OpportunityImportRow[] }, parseAs: 'stream', signal })
      : api.POST('/api/csv/import/customers', { body: { rows: request.rows as CustomerWrite[] }, parseAs: 'stream', signal });
  const { response, error } = await call;
  if (!response.ok || !response.body) {
    tell({ type: 'import.failed', message: (error as { message?: string } | undefined)?.message ?? FAILED });
    return;
  }
  let outcome: ImportProgressEvent | null = null;
  await readJsonLines(response.body, (line) => {
    const value = line as { done?: number; total?: number; imported?: number; failed?: string };
    if (typeof value.failed === 'string') outcome = { type: 'import.failed', message: value.failed };
    else if (typeof value.imported === 'number') outcome = { type: 'import.done', imported: value.imported };
    else if (typeof value.done === 'number' && typeof value.total === 'number') tell({ type: 'import.progress', done: value.done, total: value.total });
  });
  // An answer cut off before its last line says nothing of the outcome: the transaction did not commit.
  tell(outcome ?? { type: 'import.failed', message: FAILED });
}

export const csvImportFlow: Wiring<typeof csvImportMachine> = ({ api }) =>
  csvImportMachine.provide({
    actors: {
      loadTenant: fromPromise(async ({ input }) => {
        const path = { params: { path: { tenant_id: input.tenantId } } };
        const [salespersons, customers] = await Promise.all([
          found(api.GET('/api/salespersons/getAllData/{tenant_id}', path)),
          input.kind === 'customers' ? found(api.GET('/api/customers/getAllData/{tenant_id}', path)) : Promise.resolve([]),
        ]);
        return {
          salespersons: salespersons.map(({ id, name, email }) => ({ id, name, email })),
          customers: customers.map((customer) => customer.name),
        };
      }),
      readFile: fromPromise(async ({ input }) => {
        const { text, encoding } = decodeImportFile(new Uint8Array(await input.file.arrayBuffer()));
        return readImportFile(input.file.name, text, encoding);
      }),
      importRows: fromCallback<EventObject, ImportRequest>(({ input, sendBack }) => {
        const abort = new AbortController();
        sendImport(api, input, abort.signal, sendBack).catch((error: unknown) => {
          if (abort.signal.aborted) return;
          console.error(error);
          sendBack({ type: 'import.failed', message: error instanceof ApiError ? error.message : FAILED });
        });
        return () => abort.abort();
      }),
    },
    actions: {
      logError: feedback.logError,
      notifySuccess: feedback.notifySuccess,
      saveFile: (_, { fileName, text }) => saveBytes(fileName, new TextEncoder().encode(text).buffer as ArrayBuffer),
    },
  });
