import type { Queryable } from '../db/database.ts';
import { liveSignInCondition } from '../oidc/adapter.ts';

/** What the API takes from a verified access token. */
export interface AccessClaims {
  /** The provider's stable id of the person: who the caller is. */
  subject: string;
  /** Lower-cased; only used to find the user the first time a subject is seen. */
  email: string;
  issuedAtS: number;
}

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

/** The token's sign-in at the embedded provider, whose sessions are in the same database. */
export interface SignInOfToken {
  /** The token's `sid`: the uid of the provider's session. */
  sessionId: string;
  clientId: string;
}

/** What one request learns of its caller: whether the sign-in stands, and the user. */
export interface CallerLookup {
  signInLive: boolean;
  user: CallerRow | undefined;
}

const CALLER_COLUMNS = `u.id, u.tenant_id, u.role_id, u.email,
    extract(epoch from u.email_changed_at) as email_changed_at,
    extract(epoch from t.subscription_expires_at) * 1000 as expires_at`;

const SELECT_BY_SUBJECT = `select ${CALLER_COLUMNS}
  from users u join tenants t on t.id = u.tenant_id
  where u.subject = $1`;

// One row always: whether the sign-in stands, and the user's columns (null when no user has the subject).
const SELECT_BY_SUBJECT_AND_SIGN_IN = `select ${liveSignInCondition('$2', '$3')} as sign_in_live, ${CALLER_COLUMNS}
  from (values (1)) as one (row) left join (users u join tenants t on t.id = u.tenant_id) on u.subject = $1`;

/**
 * The user whose subject the token carries, and, for a token of the embedded provider,
 * whether its sign-in still stands, both in one statement: every request asks both, so
 * they cost one statement instead of two. A user no token has yet named is bound to
 * the first subject that comes with their verified e-mail (never by a token whose
 * sign-in has ended), and from then on only that subject reaches them: an e-mail that
 * later moves to someone else (in this tenant or another) brings no one along.
 */
export async function userOfSubject(db: Queryable, claims: Pick<AccessClaims, 'subject' | 'email'>, signIn?: SignInOfToken): Promise<CallerLookup> {
  const look = async (): Promise<CallerLookup> => {
    if (!signIn) {
      const [row] = await db.query<CallerRow>(SELECT_BY_SUBJECT, [claims.subject]);
      return { signInLive: true, user: row };
    }
    const [row] = await db.query<CallerRow & { sign_in_live: boolean }>(SELECT_BY_SUBJECT_AND_SIGN_IN, [claims.subject, signIn.sessionId, signIn.clientId]);
    const { sign_in_live, ...user } = row!;
    return { signInLive: sign_in_live, user: user.id === null ? undefined : user };
  };
  const found = await look();
  if (found.user || !found.signInLive) return found;
  try {
    await db.query('update users set subject = $1 where email = $2 and subject is null', [claims.subject, claims.email]);
  } catch {
    return found; // the subject was bound to another user meanwhile
  }
  return look();
}

/**
 * Whether the token was issued before the user's e-mail last changed. Token times are
 * whole seconds, so a token of the very second of the change still counts as after it.
 */
export function issuedBeforeEmailChange(issuedAtS: number, emailChangedAtS: number | null): boolean {
  return emailChangedAtS !== null && issuedAtS < Math.floor(Number(emailChangedAtS));
}
