import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { notFound, refusal, refusingDuplicates, type Refusal } from '../http/refusals.ts';

interface CustomerRow {
  id: number;
  name: string;
  company: string;
  email: string;
  phone: string;
  notes: string;
  created_at: Date | string;
}

/** The body of POST and PUT: only the name is required. */
type CustomerBody = RequestBody<'CustomerWrite'>;

type StoredCustomer = Required<CustomerBody>;

const columns = 'id, name, company, email, phone, notes, created_at';

function toAnswer(row: CustomerRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** The body as stored (its rule, customerWriteProblems, has passed): trimmed, the e-mail lowercase. */
function storedForm(body: CustomerBody): StoredCustomer {
  const email = (body.email ?? '').trim().toLowerCase();
  return { name: body.name.trim(), company: (body.company ?? '').trim(), email, phone: (body.phone ?? '').trim(), notes: body.notes ?? '' };
}

function duplicateName(name: string): Refusal {
  return refusal('name', `A customer named "${name}" already exists.`, 409);
}

async function customerOfTenant(db: Queryable, tenantId: number, id: number) {
  const [row] = await db.query<CustomerRow>(`select ${columns} from customers where tenant_id = $1 and id = $2`, [tenantId, id]);
  return row && toAnswer(row);
}

/**
 * Customers of the caller's tenant. Any signed-in user of the tenant may add and edit
 * them, as they may the opportunities that name them.
 */
export function registerCustomerRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/customers/getAllData/{tenant_id}', async (request: FastifyRequest<{ Params: { tenant_id: number } }>) => {
    const { caller } = request;
    if (request.params.tenant_id !== caller.tenantId) throw notFound();
    const rows = await db.query<CustomerRow>(`select ${columns} from customers where tenant_id = $1 order by lower(name), name, id`, [caller.tenantId]);
    return rows.map(toAnswer);
  });

  defineRoute(app, context, 'get', '/api/customers/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const customer = await customerOfTenant(db, request.caller.tenantId, request.params.id);
    if (!customer) throw notFound();
    return customer;
  });

  defineRoute(app, context, 'post', '/api/customers', async (request: FastifyRequest<{ Body: CustomerBody }>, reply) => {
    const { caller } = request;
    const customer = storedForm(request.body);
    // The unique index on (tenant_id, lower(name)) decides duplicates, also between concurrent writers.
    const [row] = await refusingDuplicates(
      () =>
        db.transaction((tx) =>
          tx.query<CustomerRow>(
            `insert into customers (tenant_id, name, company, email, phone, notes) values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
            [caller.tenantId, customer.name, customer.company, customer.email, customer.phone, customer.notes],
          ),
        ),
      duplicateName(customer.name),
    );
    reply.code(201);
    return toAnswer(row!);
  });

  defineRoute(
    app,
    context,
    'put',
    '/api/customers/{id}',
    async (request: FastifyRequest<{ Params: { id: number }; Body: CustomerBody }>) => {
      const { caller } = request;
      const customer = storedForm(request.body);
      const row = await refusingDuplicates(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.query<{ name: string }>('select name from customers where id = $1 and tenant_id = $2 for update', [
              request.params.id,
              caller.tenantId,
            ]);
            if (!before) throw notFound();
            const [updated] = await tx.query<CustomerRow>(
              `update customers set name = $1, company = $2, email = $3, phone = $4, notes = $5
               where id = $6 and tenant_id = $7 returning ${columns}`,
              [customer.name, customer.company, customer.email, customer.phone, customer.notes, request.params.id, caller.tenantId],
            );
            // Opportunities name their customer; a customer is its name regardless of case.
            if (before.name !== customer.name) {
              await tx.query('update opportunities set customer = $1 where tenant_id = $2 and lower(customer) = lower($3)', [
                customer.name,
                caller.tenantId,
                before.name,
              ]);
            }
            return updated!;
          }),
        duplicateName(customer.name),
      );
      return toAnswer(row);
    },
  );
}
