import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal, refusingDuplicates } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { SAVED_VIEW } from '../answers/projections.ts';

type SavedViewBody = RequestBody<'SavedViewBody'>;

type SavedView = AnswerOf<typeof SAVED_VIEW>;

const DELETE_VIEW = 'delete from saved_views where id = $1 and tenant_id = $2 and user_id = $3 returning id';

/**
 * Saved views (x-crm-extension: saved-views): each person's own, read and changed
 * only by that person; nobody else of the tenant (or of another) sees them.
 */
export function registerSavedViewRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/views', async (request: FastifyRequest) => {
    const { caller } = request;
    return db.query<SavedView>(
      `select ${SAVED_VIEW.select} from ${SAVED_VIEW.from} where tenant_id = $1 and user_id = $2 order by saved_views.list, lower(saved_views.name), id`,
      [caller.tenantId, caller.userId],
    );
  });

  defineRoute(app, context, 'post', '/api/views', async (request: FastifyRequest<{ Body: SavedViewBody }>, reply) => {
    const { caller } = request;
    const name = request.body.name.trim();
    if (name === '') throw refusal('name', 'The view needs a name.');
    const query = request.body.query.replace(/^\?/, '');
    const save = () =>
      db.query<SavedView>(
        `insert into saved_views (tenant_id, user_id, list, name, query) values ($1, $2, $3, $4, $5) returning ${SAVED_VIEW.select}`,
        [caller.tenantId, caller.userId, request.body.list, name, query],
      );
    const [view] = await refusingDuplicates(save, refusal('name', `You already have a view named "${name}".`, 409));
    reply.code(201);
    return view;
  });

  defineRoute(app, context, 'delete', '/api/views/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const { caller } = request;
    const removed = await db.query(DELETE_VIEW, [request.params.id, caller.tenantId, caller.userId]);
    if (removed.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
