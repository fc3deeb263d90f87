import type { Queryable } from '../db/database.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { USER } from '../answers/projections.ts';
import { keptPrepared } from '../db/kept-prepared.ts';
import { jsonArrayOf } from '../caching/tagged-answers.ts';

/** A CRM user as the contract answers it (server/answers/projections.ts). */
type UserAnswer = AnswerOf<typeof USER>;

// Each user's entry is kept with the row (migration 210), so the list only joins them.
const USER_LIST = `select ${jsonArrayOf('answer_json', 'id')} from users where tenant_id = $1`;

/**
 * The tenant's users as the JSON text of the contract's answer, in id order, joined from the
 * entries each user keeps (migration 210): at 10,000 users, making each entry per request was
 * most of the list's cost. One statement, so one state of the data.
 */
export async function usersOfTenantJson(db: Queryable, tenantId: number): Promise<string> {
  const [answer] = await db.query<{ json: string }>(USER_LIST, [tenantId]);
  return answer!.json;
}

const SELECT_USER = keptPrepared(`select ${USER.select} from ${USER.from} where u.tenant_id = $1 and u.id = $2`);

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [user] = await db.query<UserAnswer>(SELECT_USER, [tenantId, id]);
  return user;
}
