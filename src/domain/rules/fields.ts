/**
 * The field rules every form and every server route share: shapes, lengths and
 * ranges, each with the words a person reads when a value breaks it. The spec's
 * own texts (section 5) are kept word for word in SPEC_MESSAGES; the others are
 * ours, written for the person at the form. Patterns are exported as source text
 * too, so the OpenAPI document can state the very same pattern and a test can
 * compare them.
 */
import { commonPasswordProblem, type PasswordContext } from '../passwords/common-passwords.ts';

/** Section 5 and 8: the spec's messages, word for word. */
export const SPEC_MESSAGES = {
  signupFieldsMissing: 'Must fill all fields.',
  passwordTooShort: 'The password must be longer than 8 characters.',
  passwordsDiffer: 'Password and re-enter password must be the same.',
  userFieldsMissing: 'Must provide all fields',
  emailExists: 'Email already exists',
  emailInvalid: 'Invalid email format',
  phoneInvalid: 'Invalid Phone number format',
  salespersonFieldsMissing: 'Must fill all fields.',
} as const;

/** Section 9: a password must be longer than 8 characters, so 9 is the shortest accepted. */
export const MIN_PASSWORD_LENGTH = 9;
/** The longest password kept; hashing far longer input only costs the server. */
export const MAX_PASSWORD_LENGTH = 128;
/** RFC 5321's limit on a forward path, which every mail system honours. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 200;
/** The longest phone text stored; both phone shapes fit well inside it. */
export const MAX_PHONE_LENGTH = 32;

/**
 * The simple {something}@{something}.{something} shape the spec asks for: no
 * spaces or control characters, one @, a dot in the domain. Letters of any script
 * are welcome (jürgen@müller.de), so what the screen accepts the server accepts.
 * The control characters are written as their ranges (Unicode's Cc: U+0000–U+001F and
 * U+007F–U+009F) rather than `\p{Cc}`, which tools outside JavaScript that read the
 * OpenAPI document's copy of this pattern (Schemathesis's Python) cannot use.
 */
export const EMAIL_PATTERN_SOURCE = '^[^\\s@\\x00-\\x1f\\x7f-\\x9f]+@[^\\s@\\x00-\\x1f\\x7f-\\x9f]+\\.[^\\s@\\x00-\\x1f\\x7f-\\x9f]+$';
export const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE, 'u');

/** Create User (section 5): optional plus, a non-zero first digit, then 2 to 14 more digits. */
export const USER_PHONE_PATTERN_SOURCE = '^\\+?[1-9]\\d{2,14}$';
export const USER_PHONE_PATTERN = new RegExp(USER_PHONE_PATTERN_SOURCE);

/**
 * Edit Salesperson (section 5): a leading 0 or 00 (any digit without a plus), or a
 * plus with a non-zero first digit; single spaces may separate the digits. The
 * count of digits is checked apart (SALESPERSON_PHONE_MAX_DIGITS).
 */
export const SALESPERSON_PHONE_PATTERN_SOURCE = '^(?:\\+[1-9]|\\d)(?: ?\\d)*$';
export const SALESPERSON_PHONE_PATTERN = new RegExp(SALESPERSON_PHONE_PATTERN_SOURCE);
export const SALESPERSON_PHONE_MAX_DIGITS = 15;

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

export function isEmailShape(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

export function isUserPhone(value: string): boolean {
  return USER_PHONE_PATTERN.test(value);
}

export function countDigits(value: string): number {
  let digits = 0;
  for (const character of value) if (character >= '0' && character <= '9') digits += 1;
  return digits;
}

export function isSalespersonPhone(value: string): boolean {
  return SALESPERSON_PHONE_PATTERN.test(value) && countDigits(value) <= SALESPERSON_PHONE_MAX_DIGITS;
}

/** E-mail addresses are compared as the server stores them: case-insensitively, without surrounding spaces. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Section 9: more than 8 characters. Characters are code points, so an emoji counts once. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * A password's problem: the spec's length rule first, then ours, no password from
 * the leaked lists and none made of the account's own words (`context`: the
 * address and name the password is for).
 */
export function passwordProblem(password: string, context: PasswordContext = { email: '' }): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) return SPEC_MESSAGES.passwordTooShort;
  if (length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  return commonPasswordProblem(password, context) ?? null;
}

/** A text that must fit a limit: '<Label> must be at most <limit> characters.' */
export function lengthProblem(label: string, text: string, limit: number): string | null {
  return text.length > limit ? `${label} must be at most ${limit} characters.` : null;
}

/** '<Label> is required.' for a text with nothing but spaces. */
export function requiredProblem(label: string, text: string): string | null {
  return isBlank(text) ? `${label} is required.` : null;
}

/** Probabilities are whole percentages. */
export const MIN_PROBABILITY = 0;
export const MAX_PROBABILITY = 100;
const PROBABILITY_TEXT = /^\d{1,3}$/;

export function probabilityMessage(label = 'Probability'): string {
  return `${label} must be a whole number from ${MIN_PROBABILITY} to ${MAX_PROBABILITY}.`;
}

/** A probability as stored (a number), or its problem. */
export function probabilityValueProblem(value: number, label = 'Probability'): string | null {
  return Number.isInteger(value) && value >= MIN_PROBABILITY && value <= MAX_PROBABILITY ? null : probabilityMessage(label);
}

/** A probability as typed: digits only (a trailing % is forgiven), 0 to 100; null when it is not one. */
export function parseProbability(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!PROBABILITY_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return probabilityValueProblem(value) === null ? value : null;
}

/** The years the server keeps dates in (and a date input can name without surprises). */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 9999;

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The Gregorian calendar's leap years, as Date counts them (year 0 included). */
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * A yyyy-MM-dd that names a real calendar day (31 April does not), or null. Counted
 * without a Date: an import checks 50,000 of them, twice (tests compare it with Date's
 * own calendar).
 */
export function parseDateText(text: string): CalendarDate | null {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days ? { year, month, day } : null;
}

export function isKeptYear(year: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A required date as typed: '<Label> is required.', or must be a real date in the kept years. */
export function dateProblem(label: string, text: string): string | null {
  if (isBlank(text)) return `${label} is required.`;
  const date = parseDateText(text);
  if (!date || !isKeptYear(date.year)) return `${label} must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`;
  return null;
}

const TIME_TEXT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** An HH:mm on a 24-hour clock, or null. */
export function parseTimeText(text: string): { hours: number; minutes: number } | null {
  const match = TIME_TEXT.exec(text.trim());
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : null;
}

/**
 * The instant a local date and time name, read as JavaScript's Date reads them: a time
 * the clocks skip (when daylight saving begins) comes out as the same time after the
 * jump, a time they show twice as the first of the two. Null when either cannot be read.
 */
export function wallClockInstant(dateText: string, timeText: string): Date | null {
  const date = parseDateText(dateText);
  const time = parseTimeText(timeText);
  if (!date || !time) return null;
  const instant = new Date(date.year, date.month - 1, date.day, time.hours, time.minutes);
  // new Date(99, …) means 1999: years below 100 are set again, explicitly.
  instant.setFullYear(date.year, date.month - 1, date.day);
  return instant;
}

export function timeProblem(label: string, text: string): string | null {
  if (isBlank(text)) return `${label} is required.`;
  return parseTimeText(text) ? null : `${label} must be a valid time, such as 09:30.`;
}
