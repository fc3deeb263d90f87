import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currencyProblem } from '../../src/domain/money.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden } from '../http/refusals.ts';
import { SUPER_ADMIN } from '../../src/domain/rules/roles.ts';

interface TenantSettings {
  currency: string;
}

/** The tenant's own settings: read by every signed-in user, changed by its Super Admin. */
export function registerTenantSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/tenant/settings', async (request) => {
    const [settings] = await db.query<TenantSettings>('select currency from tenants where id = $1', [request.caller.tenantId]);
    return settings;
  });

  defineRoute(app, context, 'put', '/api/tenant/settings', async (request: FastifyRequest<{ Body: TenantSettings }>) => {
    const { caller, body } = request;
    if (caller.roleId !== SUPER_ADMIN) throw forbidden('Only the Super Admin may change the tenant settings');
    // The same rule the settings screen applies, so the server never stores what the app cannot show.
    const problem = currencyProblem(body.currency);
    if (problem) throw new HttpError(400, problem);
    const [settings] = await db.query<TenantSettings>('update tenants set currency = $2 where id = $1 returning currency', [
      caller.tenantId,
      body.currency,
    ]);
    return settings;
  });
}
