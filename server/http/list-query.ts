import { HttpError } from './refusals.ts';

/** PostgreSQL's "invalid parameter value", as it refuses a time zone it does not know. */
const INVALID_PARAMETER = '22023';

/**
 * The list's time zone (`zone` in its query, UTC when left out), one both the runtime
 * and the database know; anything else is the caller's mistake, in words.
 */
export function zoneOf(query: { zone?: string }): string {
  const zone = query.zone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new HttpError(400, `${zone} is not a time zone`);
  }
  return zone;
}

/** Runs a read in the zone, answering 400 when the database does not know a zone the runtime knew. */
export async function refusingUnknownZones<T>(zone: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === INVALID_PARAMETER) throw new HttpError(400, `${zone} is not a time zone`);
    throw error;
  }
}

/** The text with the characters LIKE reads as patterns (\ % _) taken literally. */
export function literally(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of a list's search (`%text%`, trimmed), or null when it searches nothing. */
export function containing(search: string | undefined): string | null {
  const text = (search ?? '').trim();
  return text === '' ? null : `%${literally(text)}%`;
}
