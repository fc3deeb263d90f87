import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../accounts/passwords.ts';
import { REQUIRED_CLIENT_ROLE } from '../../src/domain/session/tokens.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { notFound, refusal, refusingDuplicates } from '../http/refusals.ts';
import { userOfTenant } from './user-records.ts';

const accountExists = () => refusal('email', 'User already exists', 409);

export function registerAuthRoutes(app: FastifyInstance, context: RouteContext, limits: RateLimits): void {
  const { db } = context;

  /**
   * Sign-up activates the sign-in account of an existing CRM user. The unique index on
   * accounts.email decides between simultaneous sign-ups: exactly one is created.
   */
  defineRoute(
    app,
    context,
    'post',
    '/api/auth/signup',
    async (request: FastifyRequest<{ Body: { email: string; password: string } }>, reply) => {
      const email = request.body.email.toLowerCase();
      const [user] = await db.query('select 1 from users where email = $1', [email]);
      if (!user) throw new HttpError(404, 'User not found');
      const [account] = await db.query('select 1 from accounts where email = $1', [email]);
      if (account) throw accountExists();
      const passwordHash = await hashPassword(request.body.password);
      await refusingDuplicates(
        () =>
          db.transaction(async (tx) => {
            // The e-mail may have moved to another user while the hash was computed; the lock
            // holds it on this user until the account is made.
            const [stillThere] = await tx.query('select 1 from users where email = $1 for no key update', [email]);
            if (!stillThere) throw new HttpError(404, 'User not found');
            await tx.query('insert into accounts (email, password_hash, client_roles) values ($1, $2, $3)', [
              email,
              passwordHash,
              [REQUIRED_CLIENT_ROLE],
            ]);
          }),
        accountExists(),
      );
      reply.code(201);
      return { message: 'Signup successful' };
    },
    { public: true, config: { rateLimit: limits.public } },
  );

  /** Only the caller's own profile: asking for anyone else's e-mail is indistinguishable from asking for nobody's. */
  defineRoute(
    app,
    context,
    'get',
    '/api/auth/email',
    async (request: FastifyRequest<{ Querystring: { email: string } }>) => {
      const { caller } = request;
      if (request.query.email.toLowerCase() !== caller.email) throw notFound();
      const profile = await userOfTenant(db, caller.tenantId, caller.userId);
      if (!profile) throw notFound();
      return profile;
    },
    { config: { rateLimit: limits.signedIn } },
  );
}
