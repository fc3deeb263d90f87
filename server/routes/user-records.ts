import type { Queryable } from '../db/database.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { USER } from '../answers/projections.ts';
import { jsonArray, queryJson } from '../http/json-text.ts';

/** A CRM user as the contract answers it (server/answers/projections.ts). */
type UserAnswer = AnswerOf<typeof USER>;

/** The tenant's users as the JSON text of the contract's answer, in id order, written by the database. */
export function usersOfTenantJson(db: Queryable, tenantId: number): Promise<string> {
  return queryJson(db, `select ${jsonArray(USER.json, 'u.id')} from ${USER.from} where u.tenant_id = $1`, [tenantId]);
}

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [user] = await db.query<UserAnswer>(`select ${USER.select} from ${USER.from} where u.tenant_id = $1 and u.id = $2`, [tenantId, id]);
  return user;
}
