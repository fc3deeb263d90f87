/**
 * The client-side validation rules of spec section 5, each written once. Every
 * check answers the spec's message for the first rule broken, or null when the
 * form passes; machines use them as guards and to pick the message to show.
 */

export const MESSAGES = {
  signupFieldsMissing: 'Must fill all fields.',
  signupPasswordTooShort: 'The password must be longer than 8 characters.',
  signupPasswordsDiffer: 'Password and re-enter password must be the same.',
  userFieldsMissing: 'Must provide all fields',
  emailExists: 'Email already exists',
  emailInvalid: 'Invalid email format',
  phoneInvalid: 'Invalid Phone number format',
  salespersonFieldsMissing: 'Must fill all fields.',
} as const;

/** Section 9: a password must be longer than this many characters. */
export const MIN_PASSWORD_EXCLUSIVE = 8;

// A simple {something}@{something}.{something} shape without spaces, as the spec asks;
// the server checks the stricter RFC form.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Create User: optional plus, a non-zero first digit, then 2 to 14 more digits.
const USER_PHONE = /^\+?[1-9]\d{2,14}$/;

// Edit Salesperson: a leading 0 or 00 (any digit without a plus), or a plus with a
// non-zero first digit; single spaces may separate the digits, as the server reads
// it. The digit count is checked apart.
const SALESPERSON_PHONE = /^(?:\+[1-9]|\d)(?: ?\d)*$/;
const SALESPERSON_PHONE_MAX_DIGITS = 15;

export function isEmailShape(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

export function isUserPhone(value: string): boolean {
  return USER_PHONE.test(value);
}

export function isSalespersonPhone(value: string): boolean {
  return SALESPERSON_PHONE.test(value) && countDigits(value) <= SALESPERSON_PHONE_MAX_DIGITS;
}

function countDigits(value: string): number {
  let digits = 0;
  for (const character of value) if (character >= '0' && character <= '9') digits += 1;
  return digits;
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** E-mail addresses are compared as the server stores them: case-insensitively. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export interface SignupFields {
  email: string;
  password: string;
  retypedPassword: string;
}

/** Sign-up, in the spec's order: all filled, long enough, both passwords equal. */
export function signupProblem(fields: SignupFields): string | null {
  if (isBlank(fields.email) || fields.password === '' || fields.retypedPassword === '') {
    return MESSAGES.signupFieldsMissing;
  }
  if (fields.password.length <= MIN_PASSWORD_EXCLUSIVE) return MESSAGES.signupPasswordTooShort;
  if (fields.password !== fields.retypedPassword) return MESSAGES.signupPasswordsDiffer;
  return null;
}

export interface NewUserFields {
  name: string;
  email: string;
  password: string;
  role_id: number;
  phone: string;
  mobile: string;
}

/** Create User: all required, e-mail new to the list, e-mail shape, both phone numbers. */
export function newUserProblem(fields: NewUserFields, existingEmails: ReadonlySet<string>): string | null {
  const texts = [fields.name, fields.email, fields.password, fields.phone, fields.mobile];
  if (texts.some(isBlank) || !fields.role_id) return MESSAGES.userFieldsMissing;
  if (existingEmails.has(normaliseEmail(fields.email))) return MESSAGES.emailExists;
  if (!isEmailShape(fields.email.trim())) return MESSAGES.emailInvalid;
  if (!isUserPhone(fields.phone.trim()) || !isUserPhone(fields.mobile.trim())) return MESSAGES.phoneInvalid;
  return null;
}

export interface UserChangeFields {
  name: string;
  email: string;
  role_id: number;
}

/**
 * Update User: name, e-mail and role required; duplicates only matter when the
 * e-mail changed; the e-mail shape is checked. The spec names no message for the
 * missing fields, so the Create User one is used.
 */
export function userChangeProblem(
  fields: UserChangeFields,
  originalEmail: string,
  existingEmails: ReadonlySet<string>,
): string | null {
  if (isBlank(fields.name) || isBlank(fields.email) || !fields.role_id) return MESSAGES.userFieldsMissing;
  const email = normaliseEmail(fields.email);
  if (email !== normaliseEmail(originalEmail) && existingEmails.has(email)) return MESSAGES.emailExists;
  if (!isEmailShape(fields.email.trim())) return MESSAGES.emailInvalid;
  return null;
}

export interface SalespersonFields {
  name: string;
  email: string;
  phone: string;
  mobile: string;
}

/** Edit Salesperson: all four required, e-mail shape, both phone numbers. */
export function salespersonProblem(fields: SalespersonFields): string | null {
  if ([fields.name, fields.email, fields.phone, fields.mobile].some(isBlank)) {
    return MESSAGES.salespersonFieldsMissing;
  }
  if (!isEmailShape(fields.email.trim())) return MESSAGES.emailInvalid;
  if (!isSalespersonPhone(fields.phone.trim()) || !isSalespersonPhone(fields.mobile.trim())) {
    return MESSAGES.phoneInvalid;
  }
  return null;
}
