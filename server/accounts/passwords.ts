import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The whole
 * password is hashed: nothing is truncated, whatever its length.
 */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OWASP_ARGON2ID = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** What answers show in place of a password: never the hash, only whether one is set. */
export const PASSWORD_MASK = '********';
