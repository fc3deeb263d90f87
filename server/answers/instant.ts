import { isKeptInstant } from '../../src/domain/rules/index.ts';
import { refusal } from '../http/refusals.ts';

/**
 * Every instant the API answers is written one way: in UTC, to the second, with a Z
 * (`2025-03-01T10:30:00Z`), by the database's `answer_instant`, which every projection
 * calls. To the second, because the analysis answer carries one per opportunity of a year
 * and milliseconds nobody enters would weigh on it; and one form, so that a client
 * compares and sorts them as text.
 */
export const ANSWER_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * A body's date-time as the instant to store, in UTC. The document's date-time format
 * admits offsets and years PostgreSQL refuses (year 0, +23:59), so the instant is taken
 * by JavaScript and bounded to the years the app shows; anything else is refused under
 * the field, the last guard after the body's rule.
 */
export function storedInstant(text: string, field: string, message: string): string {
  if (!isKeptInstant(text)) throw refusal(field, message);
  return new Date(text).toISOString();
}
