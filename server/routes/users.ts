import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../accounts/passwords.ts';
import { REQUIRED_CLIENT_ROLE } from '../../src/domain/session/tokens.ts';
import type { Caller } from '../http/authenticate.ts';
import type { Queryable } from '../db/database.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden, notFound, refusal, refusingDuplicates } from '../http/refusals.ts';
import {
  canManageUsers,
  creationRefusal,
  passwordProblem,
  problemsOf,
  ROLE_REASONS,
  SPEC_MESSAGES,
  updateRefusal,
  userChangeProblems,
  type UpdateEndpoint,
  type UserChangeableField,
} from '../../src/domain/rules/index.ts';
import { userUpdateKeepingPassword, type BodyRule } from '../http/body-rules.ts';
import type { RoleId } from '../../src/api/client.ts';
import { userOfTenant, usersOfTenantJson } from './user-records.ts';
import { sendJsonText } from '../http/json-text.ts';
import type { RequestBody } from '../http/contract-types.ts';

type UserCreate = RequestBody<'UserCreate'>;
type UserUpdate = RequestBody<'UserUpdate'>;

const emailTaken = () => refusal('email', SPEC_MESSAGES.emailExists, 409);

/** The plain and admin routes set the password the body holds: it must be one. */
const userUpdateSettingPassword: BodyRule = (body) => [
  ...userChangeProblems(body, body.email).filter((problem) => problem.field !== 'password'),
  ...problemsOf([['password', passwordProblem(body.password, { email: body.email, name: body.name })]]),
];

/** Whose user list a caller may read: their own tenant's, if their role manages users. */
function refuseUserList(caller: Caller, params: { tenant_id: number }): void {
  if (params.tenant_id !== caller.tenantId) throw notFound();
  if (!canManageUsers(caller.roleId)) throw forbidden(ROLE_REASONS.notManager);
}

export function registerUserRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/users/getAllData/{tenant_id}', async (request: FastifyRequest<{ Params: { tenant_id: number } }>, reply) => {
    const { caller } = request;
    refuseUserList(caller, request.params);
    return sendJsonText(reply, await usersOfTenantJson(db, caller.tenantId));
  });

  defineRoute(app, context, 'get', '/api/users/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { caller } = request;
    const user = await userOfTenant(db, caller.tenantId, request.params.id);
    if (!user) throw notFound();
    if (!canManageUsers(caller.roleId) && user.id !== caller.userId) throw forbidden('Your role may only read your own user');
    return user;
  });

  defineRoute(app, context, 'post', '/api/users', async (request: FastifyRequest<{ Body: UserCreate }>, reply) => {
    const { caller, body } = request;
    const refused = creationRefusal(caller.roleId, body.role_id);
    if (refused) throw forbidden(refused.message);
    const phone = body.phone ?? '';
    const mobile = body.mobile ?? '';
    const email = body.email.toLowerCase();
    const passwordHash = await hashPassword(body.password);
    const id = await refusingDuplicates(
      () =>
        db.transaction(async (tx) => {
          // An account without a CRM user (someone outside the CRM) must not be adopted.
          if (await accountExists(tx, email)) throw emailTaken();
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
      emailTaken(),
    );
    reply.code(201);
    return userOfTenant(db, caller.tenantId, id);
  });

  const updateRoute = (path: string, endpoint: UpdateEndpoint, setsPassword: boolean) =>
    defineRoute(
      app,
      context,
      'put',
      path,
      async (request: FastifyRequest<{ Params: { id: number }; Body: UserUpdate }>) => updateUser(context, request, { endpoint, setsPassword }),
      { bodyRule: setsPassword ? userUpdateSettingPassword : userUpdateKeepingPassword },
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
  // Refused before a hash is spent on it; checked again on the locked row below.
  const [before] = await db.query<{ id: number; name: string; email: string; role_id: RoleId }>(
    'select id, name, email, role_id from users where id = $1 and tenant_id = $2',
    [id, caller.tenantId],
  );
  if (!before) throw notFound();
  refuseByRole(caller, before, body, endpoint, setsPassword);
  const email = body.email.toLowerCase();
  const passwordHash = setsPassword ? await hashPassword(body.password) : null;

  await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const [target] = await tx.query<{ id: number; name: string; email: string; role_id: RoleId }>(
          'select id, name, email, role_id from users where id = $1 and tenant_id = $2 for update',
          [id, caller.tenantId],
        );
        if (!target) throw notFound();
        refuseByRole(caller, target, body, endpoint, setsPassword);

        let hasAccount: boolean;
        if (email !== target.email) {
          if (await accountExists(tx, email)) throw emailTaken();
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
    emailTaken(),
  );
  return (await userOfTenant(db, caller.tenantId, id))!;
}

/** Section 6, as the Update User modal shows it (src/domain/rules/roles.ts): 403 with the modal's reason. */
function refuseByRole(
  caller: Caller,
  target: { id: number; name: string; email: string; role_id: RoleId },
  body: UserUpdate,
  endpoint: UpdateEndpoint,
  setsPassword: boolean,
): void {
  const changes = new Set<UserChangeableField>();
  if (body.name !== target.name) changes.add('name');
  if (body.email.toLowerCase() !== target.email) changes.add('email');
  if (body.role_id !== target.role_id) changes.add('role_id');
  if (setsPassword) changes.add('password');
  const refused = updateRefusal({ id: caller.userId, role_id: caller.roleId }, target, { changes, role_id: body.role_id, endpoint });
  if (refused) throw forbidden(refused.message);
}

async function accountExists(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('select 1 from accounts where email = $1', [email])).length > 0;
}
