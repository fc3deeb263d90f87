import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { forbidden, notFound } from '../http/refusals.ts';
import { deleteCustomers, deleteOpportunities } from '../records/delete.ts';
import { canManageUsers } from '../../src/domain/rules/index.ts';
import type { Answer } from '../http/contract-types.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { NOTE, OPPORTUNITY_LIST_ROW, TIMELINE_ENTRY } from '../answers/projections.ts';

const DEFAULT_PAGE = 50;

// $1 tenant, $2 the opportunities whose story is told, $3 the customer whose own notes and
// changes join it (null on an opportunity's page). Every branch keeps to the tenant.
const TIMELINE_SQL = `
  with deals as (select id, customer from opportunities where tenant_id = $1 and id = any($2::int[])),
  entries as (
    select 'activity' as kind, a.id::bigint as id, a.created_at as at, s.name as by, a.opportunity_id, d.customer as opportunity_customer,
           a.subject as title, a.due_at as "when", null::boolean as all_day, a.kind as activity_kind, a.done, null::text as action, '[]'::jsonb as changes
    from activities a join deals d on d.id = a.opportunity_id
    join salespersons s on s.id = a.salesperson_id and s.tenant_id = a.tenant_id
    where a.tenant_id = $1
    union all
    select 'event', e.id, e.created_at, s.name, e.opportunity_id, d.customer, e.title, e.starts_at, e.all_day, null, null, null, '[]'::jsonb
    from calendar_events e join deals d on d.id = e.opportunity_id
    left join salespersons s on s.id = e.salesperson_id and s.tenant_id = e.tenant_id
    where e.tenant_id = $1
    union all
    select 'attachment', f.id, f.created_at, u.name, f.opportunity_id, d.customer, f.file_name, null, null, null, null, null, '[]'::jsonb
    from attachments f join deals d on d.id = f.opportunity_id
    join users u on u.id = f.uploaded_by
    where f.tenant_id = $1
    union all
    select 'note', n.id, n.created_at, n.author_name, n.opportunity_id, d.customer, n.body, null, null, null, null, null, '[]'::jsonb
    from notes n left join deals d on d.id = n.opportunity_id
    where n.tenant_id = $1 and (d.id is not null or n.customer_id = $3)
    union all
    select 'change', c.id, c.changed_at, c.changed_by_name, d.id, d.customer, c.record_kind, null, null, null, null, c.action, c.changes
    from record_changes c left join deals d on c.record_kind = 'opportunity' and d.id = c.record_id
    where c.tenant_id = $1 and (d.id is not null or (c.record_kind = 'customer' and c.record_id = $3))
  )
  select ${TIMELINE_ENTRY.select} from entries order by entries.at desc, entries.kind, entries.id desc limit $4 offset $5`;

type PageQuery = { limit?: number; offset?: number };

/** One page of the story told by the opportunities `dealIds` (and the customer's own notes and changes). */
async function timeline(db: Queryable, tenantId: number, dealIds: number[], customerId: number | null, page: PageQuery): Promise<Answer<'Timeline'>> {
  const { limit = DEFAULT_PAGE, offset = 0 } = page;
  const rows = await db.query<AnswerOf<typeof TIMELINE_ENTRY>>(TIMELINE_SQL, [tenantId, dealIds, customerId, limit + 1, offset]);
  return { entries: rows.slice(0, limit), has_more: rows.length > limit };
}

const SELECT_DEALS_OF_CUSTOMER = `select array(select o.id from opportunities o where o.tenant_id = $1 and lower(o.customer) = lower(c.name)) as deals
  from customers c where c.tenant_id = $1 and c.id = $2`;
const SELECT_NOTE_AUTHOR_FOR_UPDATE = 'select author_id from notes where tenant_id = $1 and id = $2 for update';

/** The ids of the opportunities naming a customer of the tenant, in any case; undefined when there is no such customer. */
async function dealsOfCustomer(db: Queryable, tenantId: number, customerId: number): Promise<number[] | undefined> {
  const [customer] = await db.query<{ deals: number[] }>(SELECT_DEALS_OF_CUSTOMER, [tenantId, customerId]);
  return customer?.deals;
}

/**
 * The record pages' calls (the `records` part): each record's timeline, notes, a
 * customer's opportunities, and deleting opportunities and customers.
 */
export function registerRecordRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  type Paged = FastifyRequest<{ Params: { id: number }; Querystring: PageQuery }>;

  defineRoute(app, context, 'get', '/api/opportunities/{id}/timeline', async (request: Paged) => {
    const { caller, params, query } = request;
    const [deal] = await db.query('select 1 from opportunities where tenant_id = $1 and id = $2', [caller.tenantId, params.id]);
    if (!deal) throw notFound();
    return timeline(db, caller.tenantId, [params.id], null, query);
  });

  defineRoute(app, context, 'get', '/api/customers/{id}/timeline', async (request: Paged) => {
    const { caller, params, query } = request;
    const deals = await dealsOfCustomer(db, caller.tenantId, params.id);
    if (!deals) throw notFound();
    return timeline(db, caller.tenantId, deals, params.id, query);
  });

  defineRoute(app, context, 'get', '/api/customers/{id}/opportunities', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { caller, params } = request;
    const deals = await dealsOfCustomer(db, caller.tenantId, params.id);
    if (!deals) throw notFound();
    return db.query<AnswerOf<typeof OPPORTUNITY_LIST_ROW>>(
      `select ${OPPORTUNITY_LIST_ROW.select} from (
         select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id, s.name as salesperson_name
         from opportunities o join salespersons s on s.id = o.salesperson_id and s.tenant_id = o.tenant_id
         where o.tenant_id = $1 and o.id = any($2::int[])
       ) as deals
       order by deals.created_date desc, deals.id desc`,
      [caller.tenantId, deals],
    );
  });

  for (const kind of ['opportunity', 'customer'] as const) {
    const path = kind === 'opportunity' ? '/api/opportunities/{id}/notes' : '/api/customers/{id}/notes';
    defineRoute(app, context, 'post', path, async (request: FastifyRequest<{ Params: { id: number }; Body: { body: string } }>, reply) => {
      const { caller, params, body } = request;
      const note = await db.transaction(async (tx) => {
        // `for share`: the record cannot go away before the note is in.
        const table = kind === 'opportunity' ? 'opportunities' : 'customers';
        const [record] = await tx.query(`select 1 from ${table} where tenant_id = $1 and id = $2 for share`, [caller.tenantId, params.id]);
        if (!record) throw notFound();
        const [row] = await tx.query<AnswerOf<typeof NOTE>>(
          `insert into notes (tenant_id, ${kind}_id, body, author_id, author_name)
           select $1, $2, $3, u.id, u.name from users u where u.id = $4 and u.tenant_id = $1
           returning ${NOTE.select}`,
          [caller.tenantId, params.id, body.body.trim(), caller.userId],
        );
        return row!;
      });
      reply.code(201);
      return note;
    });
  }

  defineRoute(app, context, 'delete', '/api/notes/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const { caller, params } = request;
    await db.transaction(async (tx) => {
      const [note] = await tx.query<{ author_id: number | null }>(SELECT_NOTE_AUTHOR_FOR_UPDATE, [caller.tenantId, params.id]);
      if (!note) throw notFound();
      if (note.author_id !== caller.userId && !canManageUsers(caller.roleId)) throw forbidden('Only its author or a manager may delete a note.');
      await tx.query('delete from notes where tenant_id = $1 and id = $2', [caller.tenantId, params.id]);
    });
    return reply.code(204).send();
  });

  defineRoute(app, context, 'delete', '/api/opportunities/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.transaction((tx) => deleteOpportunities(tx, request.caller, [request.params.id]));
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });

  defineRoute(app, context, 'delete', '/api/customers/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.transaction((tx) => deleteCustomers(tx, request.caller, [request.params.id]));
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
