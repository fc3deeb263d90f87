import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../http/define-route.ts';

const SELECT_EXPIRED = `select coalesce(t.subscription_expires_at <= now(), false) as expired
  from users u join tenants t on t.id = u.tenant_id where u.email = $1`;

/**
 * The tenant service's one call, served by this process at /tenant-service. Public:
 * the app asks it right after sign-in. An unknown e-mail answers as not expired, so
 * the answer says nothing about who has an account.
 */
export function registerTenantService(app: FastifyInstance, context: RouteContext, rateLimit: Record<string, unknown>): void {
  const { db } = context;
  app.route({
    method: 'GET',
    url: '/tenant-service/get-tenant',
    schema: context.contract.routeSchema('get', '/get-tenant'),
    config: { rateLimit },
    handler: async (request: FastifyRequest<{ Querystring: { email: string } }>) => {
      const [tenant] = await db.query<{ expired: boolean }>(SELECT_EXPIRED, [request.query.email.toLowerCase()]);
      return { result: { subscription_expired: tenant?.expired ?? false } };
    },
  });
}
