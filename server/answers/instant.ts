/**
 * Every instant the API answers is written one way: in UTC, to the second, with a Z
 * (`2025-03-01T10:30:00Z`), by the database's `answer_instant`, which every projection
 * calls. To the second, because the analysis answer carries one per opportunity of a year
 * and milliseconds nobody enters would weigh on it; and one form, so that a client
 * compares and sorts them as text.
 */
export const ANSWER_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
