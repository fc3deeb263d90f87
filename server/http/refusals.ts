import { HttpError } from './define-route.ts';

/** The one answer for anything outside the caller's tenant: it reveals nothing. */
export function notFound(): HttpError {
  return new HttpError(404, 'Not found');
}

export function forbidden(reason: string): HttpError {
  return new HttpError(403, reason);
}

const UNIQUE_VIOLATION = '23505';

/** PGlite and node-postgres both report the SQLSTATE as `code`. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Runs a write and turns a unique-index refusal into a 409: the index, not a prior
 * look-up, is what keeps two concurrent writers from both succeeding.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, message);
    throw error;
  }
}
