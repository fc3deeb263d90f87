import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { exportFileName } from '../domain/csv/exports.ts';
import { bulkActionsMachine } from '../machines/bulk-actions.ts';
import { saveBytes } from '../platform/browser-files.ts';
import { feedback, type Wiring } from './wiring.ts';

export const bulkActionsFlow: Wiring<typeof bulkActionsMachine> = ({ api }) =>
  bulkActionsMachine.provide({
    actors: {
      exportRows: fromPromise(async ({ input }) => {
        const query = { ...input.filters, ...(input.ids ? { ids: input.ids.join(',') } : {}) };
        const bytes = await found(
          api.GET('/api/csv/export/{kind}/{tenant_id}', { params: { path: { kind: input.kind, tenant_id: input.tenantId }, query }, parseAs: 'arrayBuffer' }),
        );
        saveBytes(exportFileName(input.kind, new Date()), bytes as ArrayBuffer);
      }),
      loadSalespersons: fromPromise(async ({ input }) =>
        (await found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } }))).map(({ id, name }) => ({ id, name })),
      ),
      reassignRows: fromPromise(async ({ input }) =>
        (await found(api.POST('/api/bulk/opportunities/reassign', { body: { ids: [...input.ids], salesperson_id: input.salespersonId } }))).count,
      ),
      deleteRows: fromPromise(async ({ input }) => {
        if (input.kind !== 'opportunities' && input.kind !== 'customers') throw new Error(`${input.kind} are not deleted in bulk`);
        return (await found(api.POST('/api/bulk/{kind}/delete', { params: { path: { kind: input.kind } }, body: { ids: [...input.ids] } }))).count;
      }),
    },
    actions: { logError: feedback.logError, notifySuccess: feedback.notifySuccess },
  });

