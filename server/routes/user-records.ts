import type { Queryable } from '../db/database.ts';
import { PASSWORD_MASK } from '../accounts/passwords.ts';
import { roleLabels, type RoleId } from './roles.ts';

/** A CRM user as the contract answers it: the role's label, and a mask in place of any password. */
export interface UserAnswer {
  id: number;
  name: string;
  email: string;
  password: string;
  tenant_id: number;
  role_id: RoleId;
  status: number;
  role: 'Super Admin' | 'Admin' | 'User';
  phone: string;
  mobile: string;
}

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

export async function usersOfTenant(db: Queryable, tenantId: number): Promise<UserAnswer[]> {
  const rows = await db.query<UserRow>(`select ${userColumns} from users u where u.tenant_id = $1 order by u.id`, [tenantId]);
  return rows.map(toUserAnswer);
}

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [row] = await db.query<UserRow>(`select ${userColumns} from users u where u.tenant_id = $1 and u.id = $2`, [tenantId, id]);
  return row && toUserAnswer(row);
}
