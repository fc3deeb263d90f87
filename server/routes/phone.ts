import { HttpError } from '../http/define-route.ts';

/**
 * A salesperson's phone or mobile: a leading 0, 00, or an optional plus with a
 * non-zero first digit; at most 15 digits; spaces allowed between digits.
 * Also accepts every number of the stricter Create User rule (optional plus, a
 * non-zero digit, 2 to 14 more digits), so a user's numbers carry over.
 */
const shape = /^(?:\+[1-9]|00|0|[1-9])(?: ?\d)*$/;
const MAX_DIGITS = 15;
const MIN_DIGITS = 3;

export function isPhoneNumber(value: string): boolean {
  if (!shape.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}

export const PHONE_FORMAT_MESSAGE = 'Invalid Phone number format';

/** Refuses the request with 400 when a non-empty number breaks the shape; the message names the field. */
export function checkPhones(numbers: Record<string, string>): void {
  for (const [field, value] of Object.entries(numbers)) {
    if (value !== '' && !isPhoneNumber(value)) throw new HttpError(400, `body.${field}: ${PHONE_FORMAT_MESSAGE}`);
  }
}
