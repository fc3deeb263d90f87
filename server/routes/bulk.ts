import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden, notFound } from '../http/refusals.ts';
import { BULK_REFUSAL, mayChangeInBulk } from '../../src/domain/csv/permissions.ts';
import { deleteCustomers, deleteOpportunities, lockedIds } from '../records/delete.ts';
import { withHistory } from '../records/history.ts';

type BulkKind = 'opportunities' | 'customers';

const REASSIGN_SQL = 'update opportunities set salesperson_id = $3 where tenant_id = $1 and id = any($2::int[]) returning id';

/** Locks the chosen rows; any id not of the caller's tenant makes the whole request not found. */
async function lockChosen(tx: Queryable, kind: BulkKind, tenantId: number, ids: readonly number[]): Promise<void> {
  if ((await lockedIds(tx, kind, tenantId, ids)).length !== ids.length) throw notFound();
}

/**
 * Bulk actions on chosen rows of a list (x-crm-extension: csv), for the roles that
 * manage the tenant, each all or nothing in one transaction.
 */
export function registerBulkRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  type ReassignRequest = FastifyRequest<{ Body: { ids: number[]; salesperson_id: number } }>;
  defineRoute(app, context, 'post', '/api/bulk/opportunities/reassign', async (request: ReassignRequest) => {
    const { caller, body } = request;
    if (!mayChangeInBulk(caller.roleId)) throw forbidden(BULK_REFUSAL);
    return db.transaction(async (tx) => {
      await lockChosen(tx, 'opportunities', caller.tenantId, body.ids);
      const [salesperson] = await tx.query('select 1 from salespersons where id = $1 and tenant_id = $2 for share', [body.salesperson_id, caller.tenantId]);
      if (!salesperson) throw new HttpError(400, 'The salesperson is not a salesperson of your tenant.');
      // Each opportunity's history gains the change of salesperson.
      const updated = await withHistory(tx, caller, 'opportunity', body.ids, () =>
        tx.query(REASSIGN_SQL, [caller.tenantId, body.ids, body.salesperson_id]),
      );
      return { count: updated.length };
    });
  });

  defineRoute(app, context, 'post', '/api/bulk/{kind}/delete', async (request: FastifyRequest<{ Params: { kind: BulkKind }; Body: { ids: number[] } }>) => {
    const { caller, body } = request;
    const { kind } = request.params;
    if (!mayChangeInBulk(caller.roleId)) throw forbidden(BULK_REFUSAL);
    return db.transaction(async (tx) => {
      await lockChosen(tx, kind, caller.tenantId, body.ids);
      // The record pages' own deletion (server/records/delete.ts): no orphan rows, and each record's history gains its deletion.
      const deleted = kind === 'opportunities' ? await deleteOpportunities(tx, caller, body.ids) : await deleteCustomers(tx, caller, body.ids);
      return { count: deleted.length };
    });
  });
}
