import { decodeProtectedHeader, type FlattenedJWSInput, type JWTVerifyGetKey } from 'jose';
import type { VerifiedPayload } from './authenticate.ts';
import { recentlyUsed } from '../caching/recently-used.ts';

type KeyHeader = Parameters<JWTVerifyGetKey>[0];
/** The full check of an access token (verifyAccessToken), naming the key that signed it. */
export type FullCheck = (token: string) => Promise<{ payload: VerifiedPayload; key: unknown }>;

/** More than the people one server process serves at once; a few megabytes at most. */
export const REMEMBERED_TOKENS = 4_096;

interface Remembered {
  payload: VerifiedPayload;
  header: KeyHeader;
  parts: FlattenedJWSInput;
  /** The key whose signature check the token passed. */
  key: unknown;
}

/**
 * verifyAccessToken for a server that sees the same tokens request after request. A
 * token's signature, issuer, audience, type, client, e-mail and roles are facts of its
 * bytes and of the key that signed them: once a token has passed them all, the same
 * text passes them again as long as the provider still answers its header with that
 * same key (asked on every request, so a key that rotates out or is replaced ends the
 * token's standing at once). What changes with time is checked on every request:
 * expiry and not-before, and (by the caller check) the user, the tenant and the sign-in
 * in the database. The least recently used go first when more are kept (the one bounded map,
 * recently-used.ts). Anything that is not a clean hit goes through the full check, so a
 * refusal always comes from it with its own words. Only tokens that passed are kept.
 */
export function verifiedTokenMemo(keys: JWTVerifyGetKey, fullCheck: FullCheck): (token: string) => Promise<VerifiedPayload> {
  const remembered = recentlyUsed<Remembered>(REMEMBERED_TOKENS);

  async function stillStands(entry: Remembered): Promise<boolean> {
    // The same rule as jose's claim check with no clock tolerance.
    const nowS = Math.floor(Date.now() / 1000);
    if (entry.payload.exp <= nowS) return false;
    if (typeof entry.payload.nbf === 'number' && entry.payload.nbf > nowS) return false;
    try {
      return (await keys(entry.header, entry.parts)) === entry.key;
    } catch {
      return false;
    }
  }

  return async (token) => {
    const entry = remembered.get(token);
    if (entry && (await stillStands(entry))) return entry.payload;
    remembered.delete(token);
    const { payload, key } = await fullCheck(token);
    const [header, body, signature] = token.split('.') as [string, string, string];
    remembered.set(token, {
      payload,
      header: decodeProtectedHeader(token) as KeyHeader,
      parts: { protected: header, payload: body, signature },
      key,
    });
    return payload;
  };
}
