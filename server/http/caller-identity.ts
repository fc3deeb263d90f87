import type { Queryable } from '../db/database.ts';
import type { AccessClaims } from './authenticate.ts';

/** The user a token stands for, with what admitting them depends on. */
export interface CallerRow {
  id: number;
  tenant_id: number;
  role_id: 1 | 2 | 3;
  email: string;
  /** Seconds since the epoch, or null when the e-mail never changed. */
  email_changed_at: number | null;
  /** Milliseconds since the epoch, or null for a subscription without end. */
  expires_at: number | null;
}

const SELECT_BY_SUBJECT = `select u.id, u.tenant_id, u.role_id, u.email,
    extract(epoch from u.email_changed_at) as email_changed_at,
    extract(epoch from t.subscription_expires_at) * 1000 as expires_at
  from users u join tenants t on t.id = u.tenant_id
  where u.subject = $1`;

/**
 * The user whose subject the token carries. A user no token has yet named is bound to
 * the first subject that comes with their verified e-mail, and from then on only that
 * subject reaches them: an e-mail that later moves to someone else (in this tenant or
 * another) brings no one along.
 */
export async function userOfSubject(db: Queryable, claims: Pick<AccessClaims, 'subject' | 'email'>): Promise<CallerRow | undefined> {
  const [bound] = await db.query<CallerRow>(SELECT_BY_SUBJECT, [claims.subject]);
  if (bound) return bound;
  try {
    await db.query('update users set subject = $1 where email = $2 and subject is null', [claims.subject, claims.email]);
  } catch {
    return undefined; // the subject was bound to another user meanwhile
  }
  const [adopted] = await db.query<CallerRow>(SELECT_BY_SUBJECT, [claims.subject]);
  return adopted;
}

/**
 * Whether the token was issued before the user's e-mail last changed. Token times are
 * whole seconds, so a token of the very second of the change still counts as after it.
 */
export function issuedBeforeEmailChange(issuedAtS: number, emailChangedAtS: number | null): boolean {
  return emailChangedAtS !== null && issuedAtS < Math.floor(Number(emailChangedAtS));
}
