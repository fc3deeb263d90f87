import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from './context.ts';
import { notFound } from './refusals.ts';

export function registerTeamRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/teams/getAllData/{tenant_id}', async (request: FastifyRequest<{ Params: { tenant_id: number } }>) => {
    const { caller } = request;
    if (request.params.tenant_id !== caller.tenantId) throw notFound();
    // One query: each team with its members as a JSON array, a team without members included.
    return db.query(
      `select t.id, t.name,
              coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name, s.id)
                       filter (where s.id is not null), '[]') as members
       from teams t
       left join team_members m on m.team_id = t.id
       left join salespersons s on s.id = m.salesperson_id and s.tenant_id = t.tenant_id
       where t.tenant_id = $1
       group by t.id, t.name
       order by t.name, t.id`,
      [caller.tenantId],
    );
  });

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
