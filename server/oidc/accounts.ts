import type { Queryable } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';

/** A sign-in account as the provider sees it; `id` is the token subject. */
export interface ProviderAccount {
  id: string;
  email: string;
  name: string | null;
  clientRoles: string[];
}

// The account's row with its password's hash, which the account itself never carries.
type AccountRow = ProviderAccount & { password_hash: string };

const SELECT_ACCOUNT = `select a.id::text as id, a.email, u.name, a.client_roles as "clientRoles", a.password_hash
  from accounts a left join users u on u.email = a.email`;
const SELECT_ACCOUNT_BY_ID = `${SELECT_ACCOUNT} where a.id = $1`;
const SELECT_ACCOUNT_BY_EMAIL = `${SELECT_ACCOUNT} where a.email = $1`;
const RECORD_LOGIN = 'update salespersons set latest_login = now() where email = $1';

export async function findAccountById(db: Queryable, id: string): Promise<ProviderAccount | undefined> {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  const [row] = await db.query<AccountRow>(SELECT_ACCOUNT_BY_ID, [Number(id)]);
  return row && toAccount(row);
}

// Verifying against a throwaway hash when the email is unknown keeps the answer
// time the same, so the form does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

/** The account whose email and password these are, or undefined for any mismatch. */
export async function authenticate(db: Queryable, email: string, password: string): Promise<ProviderAccount | undefined> {
  const [row] = await db.query<AccountRow>(SELECT_ACCOUNT_BY_EMAIL, [email.trim().toLowerCase()]);
  if (!row) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verifyPassword(await decoyHash, password);
    return undefined;
  }
  return (await verifyPassword(row.password_hash, password)) ? toAccount(row) : undefined;
}

/** The CRM shows this as the salesperson's "Latest Authentication". */
export async function recordLogin(db: Queryable, email: string): Promise<void> {
  await db.query(RECORD_LOGIN, [email]);
}

/** The person's claims in ID tokens and at userinfo, as Keycloak names them. */
export function identityClaims(account: ProviderAccount) {
  return {
    sub: account.id,
    email: account.email,
    email_verified: true,
    preferred_username: account.email,
    ...(account.name ? { name: account.name } : {}),
  };
}

function toAccount({ password_hash: _hash, ...account }: AccountRow): ProviderAccount {
  return account;
}
