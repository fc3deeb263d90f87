import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { forbidden, notFound, refusal, refusingDuplicates } from '../http/refusals.ts';
import { canManageUsers } from '../../src/domain/rules/index.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { SALESPERSON } from '../answers/projections.ts';
import { jsonArray, queryJson, sendJsonText } from '../http/json-text.ts';

type SalespersonAnswer = AnswerOf<typeof SALESPERSON>;

const SELECT_SALESPERSON = `select ${SALESPERSON.select} from ${SALESPERSON.from} where tenant_id = $1 and id = $2`;

async function salespersonOfTenant(db: Queryable, tenantId: number, id: number) {
  const [salesperson] = await db.query<SalespersonAnswer>(SELECT_SALESPERSON, [tenantId, id]);
  return salesperson;
}

/** A tenant's ($1) salesperson list, by name. */
const SALESPERSON_LIST = `select ${jsonArray(SALESPERSON.json, 'name, id')} from ${SALESPERSON.from} where tenant_id = $1`;

// Editing salespersons belongs to the screens of roles 1 and 2, like managing users.
const mayEditSalespersons = canManageUsers;

export function registerSalespersonRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/salespersons/getAllData/{tenant_id}', async (request, reply) =>
    sendJsonText(reply, await queryJson(db, SALESPERSON_LIST, [request.caller.tenantId])),
  );

  defineRoute(app, context, 'get', '/api/salespersons/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const salesperson = await salespersonOfTenant(db, request.caller.tenantId, request.params.id);
    if (!salesperson) throw notFound();
    return salesperson;
  });

  /** The salesperson record of a user of the caller's tenant, found by the user's e-mail. */
  type CreateRequest = FastifyRequest<{ Body: { name: string; email: string; phone: string; mobile: string; status: 1 } }>;
  defineRoute(app, context, 'post', '/api/salespersons', async (request: CreateRequest, reply) => {
    const { caller, body } = request;
    if (!mayEditSalespersons(caller.roleId)) throw forbidden('Your role may not manage salespersons');
    const email = body.email.toLowerCase();
    const write = () =>
      db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: number }>('select id from users where email = $1 and tenant_id = $2 for share', [email, caller.tenantId]);
        if (!user) throw notFound();
        const [created] = await tx.query<{ id: number }>(
          `insert into salespersons (tenant_id, user_id, name, email, phone, mobile, status)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [caller.tenantId, user.id, body.name, email, body.phone, body.mobile, body.status],
        );
        return created!.id;
      });
    const id = await refusingDuplicates(write, refusal('email', 'Salesperson already exists', 409));
    reply.code(201);
    return salespersonOfTenant(db, caller.tenantId, id);
  });

  /** Only phone and mobile change; name, e-mail and latest login in the body are read-only and ignored. */
  type UpdateRequest = FastifyRequest<{ Params: { id: number }; Body: { phone: string; mobile: string } }>;
  defineRoute(app, context, 'put', '/api/salespersons/{id}', async (request: UpdateRequest) => {
    const { caller, body } = request;
    if (!mayEditSalespersons(caller.roleId)) throw forbidden('Your role may not manage salespersons');
    const [salesperson] = await db.query<SalespersonAnswer>(
      `update salespersons set phone = $1, mobile = $2 where id = $3 and tenant_id = $4 returning ${SALESPERSON.select}`,
      [body.phone, body.mobile, request.params.id, caller.tenantId],
    );
    if (!salesperson) throw notFound();
    return salesperson;
  });
}
