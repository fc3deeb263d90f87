import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, refuseCommonPassword } from '../accounts/passwords.ts';
import { REQUIRED_CLIENT_ROLE } from '../../src/domain/session/tokens.ts';
import type { Caller } from '../http/authenticate.ts';
import type { Queryable } from '../db/database.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden, notFound, refusingDuplicates } from '../http/refusals.ts';
import { managesUsers, refusalToCreate, refusalToUpdate, type RoleId, type UpdateEndpoint } from './roles.ts';
import { checkPhones } from './phone.ts';
import { userOfTenant, usersOfTenantJson } from './user-records.ts';
import { createAnswerCache, type AnswerName } from '../caching/answer-cache.ts';

interface UserCreate {
  name: string;
  email: string;
  password: string;
  role_id: RoleId;
  status: 1;
  phone?: string;
  mobile?: string;
}

interface UserUpdate {
  name: string;
  email: string;
  password: string;
  role_id: RoleId;
}

const EMAIL_TAKEN = 'Email already exists';
// The contract shares one body between the routes that set a password and those that
// keep it, so the minimum of a new password is checked here.
const MIN_PASSWORD_LENGTH = 9;
// A tenant of 10,000 users answers about 2 MB of JSON (and a tenth of that compressed).
const USER_LIST_CACHE_BYTES = 16 * 1024 * 1024;

/** Whose user list a caller may read: their own tenant's, if their role manages users. */
function userListAnswer(caller: Caller, params: { tenant_id: number }): AnswerName {
  if (params.tenant_id !== caller.tenantId) throw notFound();
  if (!managesUsers(caller.roleId)) throw forbidden('Your role may not manage users');
  return { tenantId: caller.tenantId, subject: 'users', key: 'users' };
}

export function registerUserRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  // The list is read far more often than users change; the database says when they did.
  const userLists = createAnswerCache(context.db, { maxBytes: USER_LIST_CACHE_BYTES });

  defineRoute(
    app,
    context,
    'get',
    '/api/users/getAllData/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number } }>, reply) => {
      const { caller } = request;
      const answer = userListAnswer(caller, request.params);
      return userLists.send(request, reply, { ...answer, produce: () => usersOfTenantJson(db, caller.tenantId) });
    },
    // The answer cache compresses once per version; the compress plugin would only look.
    { compress: false },
  );

  defineRoute(app, context, 'get', '/api/users/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { caller } = request;
    const user = await userOfTenant(db, caller.tenantId, request.params.id);
    if (!user) throw notFound();
    if (!managesUsers(caller.roleId) && user.id !== caller.userId) throw forbidden('Your role may only read your own user');
    return user;
  });

  defineRoute(app, context, 'post', '/api/users', async (request: FastifyRequest<{ Body: UserCreate }>, reply) => {
    const { caller, body } = request;
    const refusal = refusalToCreate(caller.roleId, body.role_id);
    if (refusal) throw forbidden(refusal);
    const phone = body.phone ?? '';
    const mobile = body.mobile ?? '';
    checkPhones({ phone, mobile });
    const email = body.email.toLowerCase();
    refuseCommonPassword(body.password, email);
    const passwordHash = await hashPassword(body.password);
    const id = await refusingDuplicates(
      () =>
        db.transaction(async (tx) => {
          // An account without a CRM user (someone outside the CRM) must not be adopted.
          if (await accountExists(tx, email)) throw new HttpError(409, EMAIL_TAKEN);
          const [user] = await tx.query<{ id: number }>(
            `insert into users (tenant_id, name, email, role_id, status, phone, mobile)
             values ($1, $2, $3, $4, $5, $6, $7) returning id`,
            [caller.tenantId, body.name, email, body.role_id, body.status, phone, mobile],
          );
          await tx.query('insert into accounts (email, password_hash, client_roles) values ($1, $2, $3)', [
            email,
            passwordHash,
            [REQUIRED_CLIENT_ROLE],
          ]);
          return user!.id;
        }),
      EMAIL_TAKEN,
    );
    reply.code(201);
    return userOfTenant(db, caller.tenantId, id);
  });

  const updateRoute = (path: string, endpoint: UpdateEndpoint, setsPassword: boolean) =>
    defineRoute(app, context, 'put', path, async (request: FastifyRequest<{ Params: { id: number }; Body: UserUpdate }>) =>
      updateUser(context, request, { endpoint, setsPassword }),
    );
  updateRoute('/api/users/{id}', 'plain', true);
  updateRoute('/api/users/nohash/{id}', 'plain', false);
  updateRoute('/api/users/admin/{id}', 'admin', true);
  updateRoute('/api/users/admin/nohash/{id}', 'admin', false);
}

/**
 * One transaction: the target row is locked first, so of two concurrent updates the
 * later one waits and then wins whole; the e-mail moves together on the user, the
 * sign-in account and the salesperson, or not at all.
 */
async function updateUser(
  { db }: RouteContext,
  request: FastifyRequest<{ Params: { id: number }; Body: UserUpdate }>,
  { endpoint, setsPassword }: { endpoint: UpdateEndpoint; setsPassword: boolean },
) {
  const { caller, body } = request;
  const id = request.params.id;
  if (setsPassword && body.password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, `body.password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  // Refuse early what no target could allow, before spending a hash on it.
  if (endpoint === 'plain' && !managesUsers(caller.roleId)) throw forbidden('Your role may not manage users');
  const email = body.email.toLowerCase();
  if (setsPassword) refuseCommonPassword(body.password, email);
  const passwordHash = setsPassword ? await hashPassword(body.password) : null;

  await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const [target] = await tx.query<{ id: number; email: string; role_id: RoleId }>(
          'select id, email, role_id from users where id = $1 and tenant_id = $2 for update',
          [id, caller.tenantId],
        );
        if (!target) throw notFound();
        const refusal = refusalToUpdate(caller, { id: target.id, roleId: target.role_id }, body.role_id, endpoint);
        if (refusal) throw forbidden(refusal);

        let hasAccount: boolean;
        if (email !== target.email) {
          if (await accountExists(tx, email)) throw new HttpError(409, EMAIL_TAKEN);
          const moved = await tx.query('update accounts set email = $1 where email = $2 returning id', [email, target.email]);
          hasAccount = moved.length > 0;
        } else {
          hasAccount = await accountExists(tx, email);
        }
        await tx.query('update users set name = $1, email = $2, role_id = $3, version = version + 1 where id = $4', [
          body.name,
          email,
          body.role_id,
          id,
        ]);
        // A user's salesperson record is the same person: it follows their name and e-mail.
        await tx.query('update salespersons set name = $1, email = $2 where tenant_id = $3 and (user_id = $4 or email = $5)', [
          body.name,
          email,
          caller.tenantId,
          id,
          target.email,
        ]);
        if (passwordHash !== null) {
          if (hasAccount) {
            await tx.query('update accounts set password_hash = $1 where email = $2', [passwordHash, email]);
          } else {
            await tx.query('insert into accounts (email, password_hash, client_roles) values ($1, $2, $3)', [
              email,
              passwordHash,
              [REQUIRED_CLIENT_ROLE],
            ]);
          }
        }
      }),
    EMAIL_TAKEN,
  );
  return (await userOfTenant(db, caller.tenantId, id))!;
}

async function accountExists(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('select 1 from accounts where email = $1', [email])).length > 0;
}
