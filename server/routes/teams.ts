import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { notFound, refusal, refusingDuplicates } from '../http/refusals.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { TEAM, TEAM_WITH_MEMBERS } from '../answers/projections.ts';

type TeamWrite = RequestBody<'TeamWrite'>;

type TeamWithMembers = AnswerOf<typeof TEAM_WITH_MEMBERS>;

const nameTaken = () => refusal('name', 'A team with this name already exists.', 409);

/** The teams of a tenant ($1) that meet a condition, with their members. */
const teamsWithMembers = (condition: string) =>
  `select ${TEAM_WITH_MEMBERS.select} from ${TEAM_WITH_MEMBERS.from} where t.tenant_id = $1 and ${condition} group by t.id, t.name`;

async function teamOfTenant(db: Queryable, tenantId: number, id: number): Promise<TeamWithMembers | undefined> {
  const [team] = await db.query<TeamWithMembers>(teamsWithMembers('t.id = $2'), [tenantId, id]);
  return team;
}

const INSERT_TEAM = 'insert into teams (tenant_id, name) values ($1, $2) returning id';
const RENAME_TEAM = 'update teams set name = $1 where id = $2 and tenant_id = $3 returning id';

/** The body as it is stored (its rule, teamWriteProblems, has passed): the name trimmed. */
function teamToStore(body: TeamWrite): TeamWrite {
  return { name: body.name.trim(), memberIds: body.memberIds };
}

/**
 * Makes the given salespersons the team's whole membership. An id that is not a
 * salesperson of the tenant refuses the write without saying whether it exists
 * elsewhere; the composite foreign keys would refuse it too, this says why.
 */
async function replaceMembers(tx: Queryable, tenantId: number, teamId: number, memberIds: readonly number[]): Promise<void> {
  const known = await tx.query('select id from salespersons where tenant_id = $1 and id = any($2::int[])', [tenantId, memberIds]);
  if (known.length !== memberIds.length) throw refusal('memberIds', 'Members must be salespersons of your tenant.');
  await tx.query('delete from team_members where team_id = $1', [teamId]);
  await tx.query('insert into team_members (tenant_id, team_id, salesperson_id) select $1, $2, unnest($3::int[])', [tenantId, teamId, memberIds]);
}

/**
 * Teams are the tenant's shared organisation, so every signed-in user of the
 * tenant may read and write them, as the team screen is open to every role.
 */
export function registerTeamRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/teams/getAllData/{tenant_id}', async (request) =>
    db.query<TeamWithMembers>(`${teamsWithMembers('true')} order by t.name, t.id`, [request.caller.tenantId]),
  );

  defineRoute(app, context, 'post', '/api/teams/searchTeam', async (request: FastifyRequest<{ Body: { salespersonId: number } }>) => {
    const { caller } = request;
    const { salespersonId } = request.body;
    const [salesperson] = await db.query('select 1 from salespersons where id = $1 and tenant_id = $2', [salespersonId, caller.tenantId]);
    if (!salesperson) throw notFound();
    return db.query<AnswerOf<typeof TEAM>>(
      `select ${TEAM.select} from ${TEAM.from} join team_members m on m.team_id = t.id
       where m.salesperson_id = $1 and t.tenant_id = $2 order by t.name`,
      [salespersonId, caller.tenantId],
    );
  });

  defineRoute(app, context, 'post', '/api/teams', async (request: FastifyRequest<{ Body: TeamWrite }>, reply) => {
    const { caller } = request;
    const team = teamToStore(request.body);
    const write = () =>
      db.transaction(async (tx) => {
        const [created] = await tx.query<{ id: number }>(INSERT_TEAM, [caller.tenantId, team.name]);
        await replaceMembers(tx, caller.tenantId, created!.id, team.memberIds);
        return created!.id;
      });
    const id = await refusingDuplicates(write, nameTaken());
    reply.code(201);
    return teamOfTenant(db, caller.tenantId, id);
  });

  defineRoute(app, context, 'get', '/api/teams/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const team = await teamOfTenant(db, request.caller.tenantId, request.params.id);
    if (!team) throw notFound();
    return team;
  });

  defineRoute(app, context, 'put', '/api/teams/{id}', async (request: FastifyRequest<{ Params: { id: number }; Body: TeamWrite }>) => {
    const { caller } = request;
    const team = teamToStore(request.body);
    const { id } = request.params;
    // The row lock of the update makes concurrent saves of one team take turns.
    const write = () =>
      db.transaction(async (tx) => {
        const [updated] = await tx.query(RENAME_TEAM, [team.name, id, caller.tenantId]);
        if (!updated) throw notFound();
        await replaceMembers(tx, caller.tenantId, id, team.memberIds);
        return teamOfTenant(tx, caller.tenantId, id);
      });
    return refusingDuplicates(write, nameTaken());
  });
  // The memberships go with the team (on delete cascade); its salespersons stay.
  defineRoute(app, context, 'delete', '/api/teams/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.query('delete from teams where tenant_id = $1 and id = $2 returning id', [request.caller.tenantId, request.params.id]);
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
