import { customerWriteProblems, MAX_EMAIL_LENGTH, MAX_PHONE_LENGTH, RECORD_LIMITS, type Problem } from '../rules/index.ts';
import { customerWrite, type CustomerForm } from './form.ts';

/** The limits the database and the contract hold a customer to. */
export const CUSTOMER_LIMITS = {
  name: RECORD_LIMITS.customerName,
  company: RECORD_LIMITS.company,
  email: MAX_EMAIL_LENGTH,
  phone: MAX_PHONE_LENGTH,
  notes: RECORD_LIMITS.notes,
} as const;

export type CustomerField = keyof CustomerForm;

/** The form's fields in the order the screen shows them. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = ['name', 'company', 'email', 'phone', 'notes'];

/** Every problem of the form at once, in the order of its fields; the server checks the body with the same rules. */
export function customerProblems(form: CustomerForm): Problem<CustomerField>[] {
  return customerWriteProblems(customerWrite(form));
}
