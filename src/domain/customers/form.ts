import type { Customer, CustomerWrite } from '../../api/client.ts';

/** The Add/Edit Customer form: what a person types, before it is cleaned for the API. */
export interface CustomerForm {
  name: string;
  company: string;
  email: string;
  phone: string;
  notes: string;
}

export const BLANK_CUSTOMER_FORM: CustomerForm = { name: '', company: '', email: '', phone: '', notes: '' };

/** The form of a stored customer, ready to edit. */
export function customerForm(customer: Customer): CustomerForm {
  const { name, company, email, phone, notes } = customer;
  return { name, company, email, phone, notes };
}

/** The body of POST and PUT: single-line fields without surrounding spaces, the e-mail lowercase as stored. */
export function customerWrite(form: CustomerForm): CustomerWrite {
  return {
    name: form.name.trim(),
    company: form.company.trim(),
    email: form.email.trim().toLowerCase(),
    phone: form.phone.trim(),
    notes: form.notes,
  };
}
