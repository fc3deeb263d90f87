import type { Queryable } from '../db/database.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { USER } from '../answers/projections.ts';
import { keptPrepared } from '../db/kept-prepared.ts';

/** A CRM user as the contract answers it (server/answers/projections.ts). */
type UserAnswer = AnswerOf<typeof USER>;

/**
 * The tenant's users as the JSON text of the contract's answer, in id order, written
 * by the database: at 10,000 users, turning rows into JavaScript objects and back
 * cost more than the query.
 */
export async function usersOfTenantJson(db: Queryable, tenantId: number): Promise<string> {
  const [answer] = await db.query<{ json: string }>(
    `select coalesce(json_agg(answer order by answer.id), '[]')::text as json from (
       select ${USER.select} from ${USER.from} where u.tenant_id = $1
     ) answer`,
    [tenantId],
  );
  return answer!.json;
}

const SELECT_USER = keptPrepared(`select ${USER.select} from ${USER.from} where u.tenant_id = $1 and u.id = $2`);

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [user] = await db.query<UserAnswer>(SELECT_USER, [tenantId, id]);
  return user;
}
