import type { Queryable } from '../db/database.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { USER } from '../answers/projections.ts';
import { keptPrepared } from '../db/kept-prepared.ts';
import { currentDataVersion } from '../caching/data-versions.ts';
import { jsonArrayOf } from '../caching/tagged-answers.ts';

/** A CRM user as the contract answers it (server/answers/projections.ts). */
type UserAnswer = AnswerOf<typeof USER>;

/**
 * Users a statement of the list joins: about 2 ms of PGlite's one thread at the bench tenant's
 * entries, so that a tenant of 10,000 users is ten short statements with other requests
 * answered between them, not one of 20 ms (README, Performance, issue 19, session 15).
 */
export const USERS_A_PIECE = 1000;

// Each user's entry is kept with the row (migration 210); a piece is the entries of the next
// USERS_A_PIECE users of the tenant ($1) after the id $2, in id order. Planned for the tenant
// it is given (not kept prepared): a plan made without it walks the ids of every tenant, which
// suits a tenant holding most of them, while a small one wants its (tenant, id) index.
const USER_LIST_PIECE = `select string_agg(answer_json, ',' order by id) as entries, max(id) as last, count(*)::int as users
  from (select id, answer_json from users where tenant_id = $1 and id > $2 order by id limit ${USERS_A_PIECE}) piece`;

// The same entries in one statement, for a list that could not be read in pieces of one state.
const USER_LIST_WHOLE = `select ${jsonArrayOf('answer_json', 'id')} from users where tenant_id = $1`;

// Pieces read while users were written are read again; after this many tries, in one statement.
const PIECED_TRIES = 3;

/**
 * The tenant's users as the JSON text of the contract's answer, in id order, joined from the
 * entries each user keeps (migration 210): at 10,000 users, making each entry per request was
 * most of the list's cost. Read in pieces of consecutive ids, each its own statement; the
 * tenant's `users` version, read before the first and after the last, is the same only if no
 * write to what the list shows committed in between (migration 210's triggers move it in the
 * writing transaction), so the pieces are then of one state of the data, the state one
 * statement would have read. Otherwise they are read again.
 */
export async function usersOfTenantJson(db: Queryable, tenantId: number): Promise<string> {
  for (let tries = 0; tries < PIECED_TRIES; tries++) {
    const before = await currentDataVersion(db, tenantId, 'users');
    // A tenant without a version (its users truncated and not written since) has nothing to check the pieces by.
    if (before === undefined) break;
    const entries = await entriesInPieces(db, tenantId);
    if ((await currentDataVersion(db, tenantId, 'users')) === before) return `[${entries.join(',')}]`;
  }
  return usersOfTenantJsonWhole(db, tenantId);
}

/** The list in one statement: the same text as `usersOfTenantJson`, for tests and for when pieces cannot be checked. */
export async function usersOfTenantJsonWhole(db: Queryable, tenantId: number): Promise<string> {
  const [answer] = await db.query<{ json: string }>(USER_LIST_WHOLE, [tenantId]);
  return answer!.json;
}

/** The entries, joined by commas, of the tenant's next USERS_A_PIECE users after the id `after`; how many; the last one's id. */
export async function userListPiece(db: Queryable, tenantId: number, after: number) {
  const [piece] = await db.query<{ entries: string | null; last: number | null; users: number }>(USER_LIST_PIECE, [tenantId, after]);
  return piece!;
}

async function entriesInPieces(db: Queryable, tenantId: number): Promise<string[]> {
  const pieces: string[] = [];
  let after = 0;
  for (;;) {
    const piece = await userListPiece(db, tenantId, after);
    if (piece.entries !== null) pieces.push(piece.entries);
    if (piece.users < USERS_A_PIECE) return pieces;
    after = piece.last!;
  }
}

const SELECT_USER = keptPrepared(`select ${USER.select} from ${USER.from} where u.tenant_id = $1 and u.id = $2`);

export async function userOfTenant(db: Queryable, tenantId: number, id: number): Promise<UserAnswer | undefined> {
  const [user] = await db.query<UserAnswer>(SELECT_USER, [tenantId, id]);
  return user;
}
