import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ExportQuery } from '../api/client.ts';
import type { ExportKind } from '../domain/csv/exports.ts';
import { BULK_CHANGES } from '../domain/csv/permissions.ts';
import { toggledPage, toggledRow } from '../domain/lists/selection.ts';

/** The list's filters as the export takes them (the query of GET /api/csv/export, but the chosen ids). */
export type ExportFilters = Omit<ExportQuery, 'ids'>;

export interface ExportRequest {
  kind: ExportKind;
  tenantId: number;
  /** Only these rows; otherwise every row the filters find. */
  ids?: readonly number[];
  filters: ExportFilters;
}

export interface BulkActionsContext {
  kind: ExportKind;
  tenantId: number;
  /** Whether the caller's role may change rows in bulk (the server checks it again). */
  mayChange: boolean;
  selected: readonly number[];
  salespersons: readonly { id: number; name: string }[];
  salespersonId: number | null;
  /** Counts the changes made, so the list knows to load again. */
  revision: number;
}

export type BulkActionsEvent =
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.page.toggle'; ids: readonly number[] }
  | { type: 'selection.replace'; ids: readonly number[] }
  | { type: 'selection.clear' }
  | { type: 'export.selected'; filters: ExportFilters }
  | { type: 'export.all'; filters: ExportFilters }
  | { type: 'reassign.open' }
  | { type: 'reassign.change'; salespersonId: number | null }
  | { type: 'reassign.confirm' }
  | { type: 'reassign.cancel' }
  | { type: 'delete.open' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'retry' };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
export const REASSIGNED_MESSAGE = (count: number) => `${plural(count, 'opportunity', 'opportunities')} reassigned.`;
export const DELETED_MESSAGE = (count: number) => `${plural(count, 'row', 'rows')} deleted.`;

/**
 * What can be done to the chosen rows of a list (and to the whole list, for the
 * export): export them as CSV, give opportunities to another salesperson, or delete
 * them after a confirmation, as far as the list and the caller's role allow. One
 * action at a time; after a change the selection is cleared and the list loads again.
 */
export const bulkActionsMachine = setup({
  types: {
    input: {} as { kind: ExportKind; tenantId: number; mayChange: boolean },
    context: {} as BulkActionsContext,
    events: {} as BulkActionsEvent,
    tags: {} as 'busy',
  },
  actors: {
    exportRows: fromPromise<void, ExportRequest>(async () => {
      throw new Error('exportRows must be provided');
    }),
    loadSalespersons: fromPromise<readonly { id: number; name: string }[], { tenantId: number }>(async () => {
      throw new Error('loadSalespersons must be provided');
    }),
    reassignRows: fromPromise<number, { ids: readonly number[]; salespersonId: number }>(async () => {
      throw new Error('reassignRows must be provided');
    }),
    deleteRows: fromPromise<number, { kind: ExportKind; ids: readonly number[] }>(async () => {
      throw new Error('deleteRows must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    toggleRow: assign(({ context, event }) => {
      assertEvent(event, 'selection.toggle');
      return { selected: [...toggledRow(new Set(context.selected), event.id)] };
    }),
    togglePage: assign(({ context, event }) => {
      assertEvent(event, 'selection.page.toggle');
      return { selected: [...toggledPage(new Set(context.selected), event.ids)] };
    }),
    replaceSelection: assign(({ event }) => {
      assertEvent(event, 'selection.replace');
      return { selected: [...event.ids] };
    }),
    clearSelection: assign({ selected: [] }),
    acceptSalespersons: assign((_, params: { salespersons: readonly { id: number; name: string }[] }) => ({ salespersons: params.salespersons })),
    chooseSalesperson: assign(({ event }) => {
      assertEvent(event, 'reassign.change');
      return { salespersonId: event.salespersonId };
    }),
    changed: assign(({ context }) => ({ selected: [], salespersonId: null, revision: context.revision + 1 })),
  },
  guards: {
    anySelected: ({ context }) => context.selected.length > 0,
    mayReassign: ({ context }) => context.mayChange && BULK_CHANGES[context.kind].reassign && context.selected.length > 0,
    mayDelete: ({ context }) => context.mayChange && BULK_CHANGES[context.kind].delete && context.selected.length > 0,
    salespersonChosen: ({ context }) => context.salespersonId !== null,
  },
}).createMachine({
  id: 'bulkActions',
  context: ({ input }) => ({ ...input, selected: [], salespersons: [], salespersonId: null, revision: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'selection.toggle': { actions: 'toggleRow' },
        'selection.page.toggle': { actions: 'togglePage' },
        'selection.replace': { actions: 'replaceSelection' },
        'selection.clear': { actions: 'clearSelection' },
        'export.selected': { guard: 'anySelected', target: 'exporting' },
        'export.all': 'exporting',
        'reassign.open': { guard: 'mayReassign', target: 'reassigning' },
        'delete.open': { guard: 'mayDelete', target: 'deleting' },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportRows',
        input: ({ context, event }) => {
          assertEvent(event, ['export.selected', 'export.all']);
          return { kind: context.kind, tenantId: context.tenantId, filters: event.filters, ...(event.type === 'export.selected' ? { ids: context.selected } : {}) };
        },
        onDone: 'idle',
        onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reassigning: {
      initial: 'loading',
      on: { 'reassign.cancel': { target: 'idle', actions: assign({ salespersonId: null }) } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadSalespersons',
            input: ({ context }) => ({ tenantId: context.tenantId }),
            onDone: { target: 'choosing', actions: { type: 'acceptSalespersons', params: ({ event }) => ({ salespersons: event.output }) } },
            onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: 'loading' } },
        choosing: {
          on: {
            'reassign.change': { actions: 'chooseSalesperson' },
            'reassign.confirm': { guard: 'salespersonChosen', target: 'saving' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'reassignRows',
            input: ({ context }) => ({ ids: context.selected, salespersonId: context.salespersonId! }),
            onDone: {
              target: '#bulkActions.idle',
              actions: ['changed', { type: 'notifySuccess', params: ({ event }) => ({ message: REASSIGNED_MESSAGE(event.output) }) }],
            },
            onError: { target: 'choosing', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    deleting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'delete.confirm': 'saving',
            'delete.cancel': '#bulkActions.idle',
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'deleteRows',
            input: ({ context }) => ({ kind: context.kind, ids: context.selected }),
            onDone: {
              target: '#bulkActions.idle',
              actions: ['changed', { type: 'notifySuccess', params: ({ event }) => ({ message: DELETED_MESSAGE(event.output) }) }],
            },
            onError: { target: '#bulkActions.idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
