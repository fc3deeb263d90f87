/**
 * The spec's four people forms (section 5), each as one function that answers
 * every problem at once, keyed by the request body's property names so the
 * screen puts each under its field and the server answers them in `fields`.
 * Where the spec orders its checks (sign-up), the problems come in that order.
 */
import {
  isBlank,
  isEmailShape,
  isSalespersonPhone,
  isUserPhone,
  lengthProblem,
  MAX_NAME_LENGTH,
  normaliseEmail,
  passwordProblem,
  SPEC_MESSAGES,
} from './fields.ts';
import { problemsOf, type Problem, type Verdict } from './problems.ts';

export interface SignupFields {
  email: string;
  password: string;
  /** Held only on the client; the server checks a sign-up with its password here too. */
  retypedPassword: string;
}

export type SignupField = keyof SignupFields;

/**
 * Sign-up, in the spec's order: 1. every field filled ('Must fill all fields.'),
 * 2. the password longer than 8 characters, 3. both passwords the same; then the
 * e-mail's shape, which the spec leaves to the browser and the server checks.
 * Each field gets the first rule it breaks.
 */
export function signupProblems(fields: SignupFields): Problem<SignupField>[] {
  const email = fields.email.trim();
  const { password, retypedPassword } = fields;
  const missing = (empty: boolean): Verdict => (empty ? SPEC_MESSAGES.signupFieldsMissing : null);
  return onePerField(
    problemsOf<SignupField>([
      ['email', missing(email === '')],
      ['password', missing(password === '')],
      ['retypedPassword', missing(retypedPassword === '')],
      ['password', password === '' ? null : passwordProblem(password, { email })],
      ['retypedPassword', password !== '' && retypedPassword !== '' && password !== retypedPassword ? SPEC_MESSAGES.passwordsDiffer : null],
      ['email', email !== '' && !isEmailShape(email) ? SPEC_MESSAGES.emailInvalid : null],
    ]),
  );
}

export interface NewUserFields {
  name: string;
  email: string;
  password: string;
  role_id: number;
  phone: string;
  mobile: string;
}

export type NewUserField = keyof NewUserFields;

/**
 * Create User, in the spec's order: every field provided ('Must provide all
 * fields'), the e-mail new to the list ('Email already exists'), its shape
 * ('Invalid email format'), both phone numbers ('Invalid Phone number format');
 * then the password's length and the name's, which the server keeps.
 * `existingEmails` holds the list's addresses, normalised; the server passes its own.
 */
export function newUserProblems(fields: NewUserFields, existingEmails: ReadonlySet<string> = new Set()): Problem<NewUserField>[] {
  const provided = (field: NewUserField, blank: boolean): [NewUserField, Verdict] => [
    field,
    blank ? SPEC_MESSAGES.userFieldsMissing : null,
  ];
  const email = fields.email.trim();
  const phone = fields.phone.trim();
  const mobile = fields.mobile.trim();
  return onePerField(
    problemsOf<NewUserField>([
      provided('name', isBlank(fields.name)),
      provided('email', email === ''),
      provided('password', isBlank(fields.password)),
      provided('role_id', !fields.role_id),
      provided('phone', phone === ''),
      provided('mobile', mobile === ''),
      ['email', email !== '' && existingEmails.has(normaliseEmail(email)) ? SPEC_MESSAGES.emailExists : null],
      ['email', email !== '' && !isEmailShape(email) ? SPEC_MESSAGES.emailInvalid : null],
      ['phone', phone !== '' && !isUserPhone(phone) ? SPEC_MESSAGES.phoneInvalid : null],
      ['mobile', mobile !== '' && !isUserPhone(mobile) ? SPEC_MESSAGES.phoneInvalid : null],
      ['password', isBlank(fields.password) ? null : passwordProblem(fields.password, { email, name: fields.name })],
      ['name', lengthProblem('Name', fields.name.trim(), MAX_NAME_LENGTH)],
    ]),
  );
}

export interface UserChangeFields {
  name: string;
  email: string;
  role_id: number;
  /** The new password; '' keeps the current one (the spec's nohash routes). */
  password: string;
}

export type UserChangeField = keyof UserChangeFields;

/**
 * Update User: name, e-mail and role required (the spec names no message, so the
 * Create User one is used); the e-mail checked for duplicates only when it
 * changed, and for its shape; a new password, when typed, as long as sign-up's.
 */
export function userChangeProblems(
  fields: UserChangeFields,
  originalEmail: string,
  existingEmails: ReadonlySet<string> = new Set(),
): Problem<UserChangeField>[] {
  const email = fields.email.trim();
  const changed = normaliseEmail(email) !== normaliseEmail(originalEmail);
  return onePerField(
    problemsOf<UserChangeField>([
      ['name', isBlank(fields.name) ? SPEC_MESSAGES.userFieldsMissing : null],
      ['email', email === '' ? SPEC_MESSAGES.userFieldsMissing : null],
      ['role_id', !fields.role_id ? SPEC_MESSAGES.userFieldsMissing : null],
      ['email', email !== '' && changed && existingEmails.has(normaliseEmail(email)) ? SPEC_MESSAGES.emailExists : null],
      ['email', email !== '' && !isEmailShape(email) ? SPEC_MESSAGES.emailInvalid : null],
      ['password', fields.password === '' ? null : passwordProblem(fields.password, { email, name: fields.name })],
      ['name', lengthProblem('Name', fields.name.trim(), MAX_NAME_LENGTH)],
    ]),
  );
}

export interface SalespersonFields {
  name: string;
  email: string;
  phone: string;
  mobile: string;
}

export type SalespersonField = keyof SalespersonFields;

/** Edit Salesperson: all four required ('Must fill all fields.'), the e-mail's shape, both phone numbers. */
export function salespersonProblems(fields: SalespersonFields): Problem<SalespersonField>[] {
  const required = (field: SalespersonField): [SalespersonField, Verdict] => [
    field,
    isBlank(fields[field]) ? SPEC_MESSAGES.salespersonFieldsMissing : null,
  ];
  const email = fields.email.trim();
  const phone = fields.phone.trim();
  const mobile = fields.mobile.trim();
  return onePerField(
    problemsOf<SalespersonField>([
      required('name'),
      required('email'),
      required('phone'),
      required('mobile'),
      ['email', email !== '' && !isEmailShape(email) ? SPEC_MESSAGES.emailInvalid : null],
      ['phone', phone !== '' && !isSalespersonPhone(phone) ? SPEC_MESSAGES.phoneInvalid : null],
      ['mobile', mobile !== '' && !isSalespersonPhone(mobile) ? SPEC_MESSAGES.phoneInvalid : null],
    ]),
  );
}

/** Each field's first problem only, in the order the rules found them. */
function onePerField<Field extends string>(problems: readonly Problem<Field>[]): Problem<Field>[] {
  const seen = new Set<Field>();
  return problems.filter((problem) => !seen.has(problem.field) && (seen.add(problem.field), true));
}
