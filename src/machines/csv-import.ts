import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import {
  checkRows,
  failedRowsFile,
  guessMapping,
  importCounts,
  mappingProblem,
  type CheckedRow,
  type ColumnMapping,
  type ImportFile,
  type ImportKind,
  type ImportReferences,
  type ImportWrite,
} from '../domain/csv/imports.ts';

/** What the checks need of the tenant, loaded once per visit. */
export type ImportTenant = Pick<ImportReferences, 'salespersons' | 'customers'>;

export interface ImportRequest {
  kind: ImportKind;
  rows: readonly ImportWrite[];
}

/** What the import actor tells the machine while it runs. */
export type ImportProgressEvent =
  | { type: 'import.progress'; done: number; total: number }
  | { type: 'import.done'; imported: number }
  | { type: 'import.failed'; message: string };

export interface CsvImportContext {
  kind: ImportKind;
  tenantId: number;
  /** yyyy-MM-dd: rows without a date are created on this day. */
  today: string;
  tenant: ImportTenant | null;
  file: ImportFile | null;
  /** Why the chosen file cannot be imported. */
  fileProblem: string | null;
  mapping: ColumnMapping;
  fallbackSalespersonId: number | null;
  checked: readonly CheckedRow[];
  progress: { done: number; total: number };
  imported: number;
  failure: string | null;
}

export type CsvImportEvent =
  | { type: 'retry' }
  | { type: 'file.choose'; file: File }
  | { type: 'file.clear' }
  | { type: 'mapping.change'; field: string; column: number | null }
  | { type: 'fallback.change'; salespersonId: number | null }
  | { type: 'form.submit' }
  | { type: 'mapping.edit' }
  | { type: 'import.request' }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'failed.download' }
  | { type: 'import.again' }
  | ImportProgressEvent;

/** The rows that cannot be imported, with their reasons, offered as a CSV named after the file. */
const failedRowsDownload = {
  guard: 'anyInvalid',
  actions: {
    type: 'saveFile',
    params: ({ context }: { context: CsvImportContext }) => ({
      fileName: `${context.file!.name.replace(/\.csv$/i, '')}-problems.csv`,
      text: failedRowsFile(context.file!.header, context.checked),
    }),
  },
} as const;

export const IMPORTED_MESSAGE = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'} imported.`;

/**
 * CSV import (/import-Opportunity, /import-Customer): choose a file, say which
 * column feeds which field (guessed from the header), see every row checked by the
 * Add form's rules, confirm, and the valid rows go in together, or none do. The
 * rows that could not be imported can be saved as a CSV with their reasons.
 */
export const csvImportMachine = setup({
  types: {
    input: {} as { kind: ImportKind; tenantId: number; today: string },
    context: {} as CsvImportContext,
    events: {} as CsvImportEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadTenant: fromPromise<ImportTenant, { kind: ImportKind; tenantId: number }>(async () => {
      throw new Error('loadTenant must be provided');
    }),
    readFile: fromPromise<ImportFile | { problem: string }, { file: File }>(async () => {
      throw new Error('readFile must be provided');
    }),
    importRows: fromCallback<EventObject, ImportRequest>(() => {
      throw new Error('importRows must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    saveFile: (_, _params: { fileName: string; text: string }) => {},
    acceptTenant: assign((_, params: { tenant: ImportTenant }) => ({ tenant: params.tenant })),
    acceptFile: assign((_, params: { read: ImportFile | { problem: string } }) => {
      if ('problem' in params.read) return { file: null, fileProblem: params.read.problem };
      return { file: params.read, fileProblem: null, checked: [] };
    }),
    guessMapping: assign(({ context }) => ({ mapping: guessMapping(context.kind, context.file!.header) })),
    forgetFile: assign({ file: null, fileProblem: null, checked: [], mapping: {}, imported: 0, failure: null }),
    changeMapping: assign(({ context, event }) => {
      assertEvent(event, 'mapping.change');
      return { mapping: { ...context.mapping, [event.field]: event.column } };
    }),
    changeFallback: assign(({ event }) => {
      assertEvent(event, 'fallback.change');
      return { fallbackSalespersonId: event.salespersonId };
    }),
    check: assign(({ context }) => ({
      checked: checkRows(context.kind, context.file!.records, context.mapping, {
        ...context.tenant!,
        fallbackSalespersonId: context.fallbackSalespersonId,
        today: context.today,
      }),
    })),
    startProgress: assign(({ context }) => ({ progress: { done: 0, total: importCounts(context.checked).valid }, failure: null })),
    progress: assign(({ event }) => {
      assertEvent(event, 'import.progress');
      return { progress: { done: event.done, total: event.total } };
    }),
    finish: assign(({ event }) => {
      assertEvent(event, 'import.done');
      return { imported: event.imported };
    }),
    fail: assign(({ event }) => {
      assertEvent(event, 'import.failed');
      return { failure: event.message };
    }),
  },
  guards: {
    mappingComplete: ({ context }) => mappingProblem(context.kind, context.mapping) === null,
    anyValid: ({ context }) => importCounts(context.checked).valid > 0,
    anyInvalid: ({ context }) => importCounts(context.checked).invalid > 0,
    isFile: (_, params: { read: ImportFile | { problem: string } }) => !('problem' in params.read),
  },
}).createMachine({
  id: 'csvImport',
  context: ({ input }) => ({
    kind: input.kind,
    tenantId: input.tenantId,
    today: input.today,
    tenant: null,
    file: null,
    fileProblem: null,
    mapping: {},
    fallbackSalespersonId: null,
    checked: [],
    progress: { done: 0, total: 0 },
    imported: 0,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTenant',
        input: ({ context }) => ({ kind: context.kind, tenantId: context.tenantId }),
        onDone: { target: 'upload', actions: { type: 'acceptTenant', params: ({ event }) => ({ tenant: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    upload: {
      on: { 'file.choose': 'reading' },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readFile',
        input: ({ event }) => {
          assertEvent(event, 'file.choose');
          return { file: event.file };
        },
        onDone: [
          {
            guard: { type: 'isFile', params: ({ event }) => ({ read: event.output }) },
            target: 'mapping',
            actions: [{ type: 'acceptFile', params: ({ event }) => ({ read: event.output }) }, 'guessMapping'],
          },
          { target: 'upload', actions: { type: 'acceptFile', params: ({ event }) => ({ read: event.output }) } },
        ],
        onError: {
          target: 'upload',
          actions: [
            assign({ fileProblem: 'The file could not be read.' }),
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    mapping: {
      on: {
        'mapping.change': { actions: 'changeMapping' },
        'fallback.change': { actions: 'changeFallback' },
        'form.submit': { guard: 'mappingComplete', target: 'previewing', actions: 'check' },
        'file.clear': { target: 'upload', actions: 'forgetFile' },
      },
    },
    previewing: {
      on: {
        'mapping.edit': 'mapping',
        'file.clear': { target: 'upload', actions: 'forgetFile' },
        'import.request': { guard: 'anyValid', target: 'confirming' },
        'failed.download': failedRowsDownload,
      },
    },
    confirming: {
      on: {
        'import.confirm': 'importing',
        'import.cancel': 'previewing',
      },
    },
    importing: {
      tags: ['busy'],
      entry: 'startProgress',
      invoke: {
        src: 'importRows',
        input: ({ context }) => ({ kind: context.kind, rows: context.checked.flatMap((row) => (row.write ? [row.write] : [])) }),
      },
      on: {
        'import.progress': { actions: 'progress' },
        'import.done': {
          target: 'done',
          actions: ['finish', { type: 'notifySuccess', params: ({ event }) => ({ message: IMPORTED_MESSAGE(event.imported) }) }],
        },
        'import.failed': { target: 'failed', actions: 'fail' },
      },
    },
    failed: {
      on: {
        retry: 'importing',
        'import.cancel': 'previewing',
      },
    },
    done: {
      on: {
        'failed.download': failedRowsDownload,
        'import.again': { target: 'loading', actions: 'forgetFile' },
      },
    },
  },
});
