import type { Queryable } from '../db/database.ts';
import { PASSWORD_MASK } from '../accounts/passwords.ts';
import { ROLE_IDS, ROLE_LABELS as roleLabels } from '../../src/domain/rules/index.ts';
import type { Answer } from '../http/contract-types.ts';
import type { RoleId } from '../../src/api/client.ts';


/** A CRM user as the contract answers it: the role's label, and a mask in place of any password. */
export type UserAnswer = Answer<'User'>;

interface UserRow {
  id: number;
  name: string;
  email: string;
  tenant_id: number;
  role_id: RoleId;
  status: number;
  phone: string;
  mobile: string;
  has_account: boolean;
}

// The hash never leaves the database: only whether a sign-in account exists.
const userColumns = `u.id, u.name, u.email, u.tenant_id, u.role_id, u.status, u.phone, u.mobile,
  exists (select 1 from accounts a where a.email = u.email) as has_account`;

export function toUserAnswer(row: UserRow): UserAnswer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    password: row.has_account ? PASSWORD_MASK : '',
    tenant_id: row.tenant_id,
    role_id: row.role_id,
    status: row.status,
    role: roleLabels[row.role_id],
    phone: row.phone,
    mobile: row.mobile,
  };
}

/**
 * The tenant's users as the JSON text of the contract's answer, in id order, written
 * by the database: at 10,000 users, turning rows into JavaScript objects and back
 * cost more than the query. The same fields as toUserAnswer, in its order.
 */
export async function usersOfTenantJson(db: Queryable, tenantId: number): Promise<string> {
  const [answer] = await db.query<{ json: string }>(
    `select coalesce(json_agg(answer order by answer.id), '[]')::text as json from (
       select u.id, u.name, u.email,
              case when exists (select 1 from accounts a where a.email = u.email) then $2 else '' end as password,
              u.tenant_id, u.role_id, u.status, ($3::text[])[u.role_id] as role, u.phone, u.mobile
       from users u where u.tenant_id = $1
     ) answer`,
    [tenantId, PASSWORD_MASK, ROLE_IDS.map((id) => roleLabels[id])],
  );
  return answer!.json;
}

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [row] = await db.query<UserRow>(`select ${userColumns} from users u where u.tenant_id = $1 and u.id = $2`, [tenantId, id]);
  return row && toUserAnswer(row);
}
