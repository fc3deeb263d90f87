import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from './context.ts';
import { notFound } from './refusals.ts';

export function registerTeamRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'post', '/api/teams/searchTeam', async (request: FastifyRequest<{ Body: { salespersonId: number } }>) => {
    const { caller } = request;
    const [salesperson] = await db.query('select 1 from salespersons where id = $1 and tenant_id = $2', [
      request.body.salespersonId,
      caller.tenantId,
    ]);
    if (!salesperson) throw notFound();
    return db.query(
      `select t.id, t.name from teams t join team_members m on m.team_id = t.id
       where m.salesperson_id = $1 and t.tenant_id = $2 order by t.name`,
      [request.body.salespersonId, caller.tenantId],
    );
  });
}
