import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.ts';

// Rows past their lifetime are never answered; the sweep only reclaims the space.
const selectLive = (column: 'id' | 'uid' | 'user_code') => `select payload, floor(extract(epoch from consumed_at))::bigint as consumed
  from oidc_payloads where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`;

const UPSERT = `insert into oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6,
                 case when $7::double precision is null then null
                      else now() + make_interval(secs => $7::double precision) end)
         on conflict (model, id) do update set
           payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
           user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = null`;
const CONSUME = 'update oidc_payloads set consumed_at = coalesce(consumed_at, now()) where model = $1 and id = $2';
const DESTROY = 'delete from oidc_payloads where model = $1 and id = $2';

/**
 * oidc-provider's storage in one Postgres table, one row per model instance,
 * with the look-up columns the library asks for (grant, session uid, user code)
 * pulled out of the payload so they can be indexed.
 */
export function postgresAdapter(db: Queryable): AdapterConstructor {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const { grantId = null, uid = null, userCode = null } = payload;
      await db.query(UPSERT, [this.model, id, JSON.stringify(payload), grantId, uid, userCode, Number.isFinite(expiresIn) ? expiresIn : null]);
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query(CONSUME, [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      await db.query(DESTROY, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('delete from oidc_payloads where model = $1 and grant_id = $2', [this.model, grantId]);
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<{ payload: AdapterPayload; consumed: number | null }>(selectLive(column), [this.model, value]);
      if (!row) return undefined;
      // The library learns that a code or refresh token was already used from `consumed`.
      return row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) };
    }
  };
}

/** Deletes rows whose lifetime has ended; returns how many. */
export async function sweepExpired(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: string }>('delete from oidc_payloads where expires_at <= now() returning id');
  return rows.length;
}

const SELECT_SIGN_IN_LIVE = `select exists (select 1 from oidc_payloads session
       join oidc_payloads grant_row on grant_row.model = 'Grant'
        and grant_row.id = session.payload #>> array['authorizations', $2, 'grantId']
        and (grant_row.expires_at is null or grant_row.expires_at > now())
     where session.model = 'Session' and session.uid = $1 and (session.expires_at is null or session.expires_at > now())) as live`;

/**
 * Whether a token's sign-in still stands: the session its `sid` names (its uid) exists,
 * and so does the client's grant in it. Logout deletes the session; revoking a refresh
 * token, or replaying a used one, deletes only the grant, leaving the browser's session
 * (as Keycloak ends the client's session and not the person's).
 */
export async function signInIsLive(db: Queryable, sessionUid: string, clientId: string): Promise<boolean> {
  const [row] = await db.query<{ live: boolean }>(SELECT_SIGN_IN_LIVE, [sessionUid, clientId]);
  return row!.live;
}

/** Deletes a grant and every code and token issued under it, whatever the model. */
export async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query(`delete from oidc_payloads where grant_id = $1 or (model = 'Grant' and id = $1)`, [grantId]);
}
