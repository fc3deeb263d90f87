import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The whole
 * password is hashed: nothing is truncated, whatever its length.
 */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OWASP_ARGON2ID = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash or check holds its memory (a check, the stored hash's own cost) while it
 * runs, on libuv's pool of four threads: a burst of sign-ins held four at once, and that
 * set the server's peak memory under the bench's people (docs/performance.md,
 * Decisions). One at a time, in order of arrival, a
 * sign-in waits only for the few ahead of it, and the pool's other threads stay free for
 * compression and files.
 */
let previous: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = previous.then(work);
  previous = turn.catch(() => undefined);
  return turn;
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATime(() => hash(password, OWASP_ARGON2ID));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** What answers show in place of a password: never the hash, only whether one is set. */
export const PASSWORD_MASK = '********';
