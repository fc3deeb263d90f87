import { isEmailShape, isSalespersonPhone } from '../validation.ts';
import type { CustomerForm } from './form.ts';

/** The limits the database and the contract hold a customer to. */
export const CUSTOMER_LIMITS = { name: 200, company: 200, email: 254, phone: 32, notes: 2000 } as const;

export const CUSTOMER_MESSAGES = {
  nameMissing: 'Name is required.',
  nameTooLong: `Name must be at most ${CUSTOMER_LIMITS.name} characters.`,
  companyTooLong: `Company must be at most ${CUSTOMER_LIMITS.company} characters.`,
  emailInvalid: 'Email must be an e-mail address such as name@example.com, or empty.',
  phoneInvalid: 'Phone must be a phone number such as +49 30 1234567, or empty.',
  notesTooLong: `Notes must be at most ${CUSTOMER_LIMITS.notes} characters.`,
} as const;

// The server also wants a number to have a few digits: "0" alone is no phone number.
const MIN_PHONE_DIGITS = 3;

/**
 * A customer's phone: the Edit Salesperson pattern (a leading 0 or 00, or an optional
 * plus with a non-zero first digit, up to 15 digits, single spaces between them), with
 * at least 3 digits and 32 characters at most, as the server checks it.
 */
export function isCustomerPhone(value: string): boolean {
  return value.length <= CUSTOMER_LIMITS.phone && isSalespersonPhone(value) && value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

/** The first thing wrong with the form, in the order of its fields, or null when it can be saved. */
export function customerProblem(form: CustomerForm): string | null {
  const name = form.name.trim();
  if (name === '') return CUSTOMER_MESSAGES.nameMissing;
  if (name.length > CUSTOMER_LIMITS.name) return CUSTOMER_MESSAGES.nameTooLong;
  if (form.company.trim().length > CUSTOMER_LIMITS.company) return CUSTOMER_MESSAGES.companyTooLong;
  const email = form.email.trim();
  if (email !== '' && (email.length > CUSTOMER_LIMITS.email || !isEmailShape(email))) return CUSTOMER_MESSAGES.emailInvalid;
  const phone = form.phone.trim();
  if (phone !== '' && !isCustomerPhone(phone)) return CUSTOMER_MESSAGES.phoneInvalid;
  if (form.notes.length > CUSTOMER_LIMITS.notes) return CUSTOMER_MESSAGES.notesTooLong;
  return null;
}
