import { BLANK_CUSTOMER_FORM, type CustomerForm } from '../domain/customers/form.ts';
import { CUSTOMER_FIELDS, customerProblems } from '../domain/customers/validation.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** A customer's form has no selects: there is nothing to choose from. */
export type CustomerChoices = null;

export const CUSTOMER_SAVED_MESSAGES = {
  created: 'Customer created successfully',
  updated: 'Customer updated successfully',
} as const;

/** /add-Customer and /edit-Customer/:id: one customer's details, saved back to the customer list. */
export const customerEditorMachine = createRecordEditorMachine<CustomerForm, CustomerChoices>({
  id: 'customerEditor',
  blankForm: BLANK_CUSTOMER_FORM,
  problemsOf: customerProblems,
  fields: CUSTOMER_FIELDS,
  messages: CUSTOMER_SAVED_MESSAGES,
  listRoute: '/customer',
});
