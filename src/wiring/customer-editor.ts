import { found, type CrmClient } from '../api/client.ts';
import { BLANK_CUSTOMER_FORM, customerForm, customerWrite, type CustomerForm } from '../domain/customers/form.ts';
import { customerEditorMachine, type CustomerChoices } from '../machines/customer-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

export const customerEditorFlow: Wiring<typeof customerEditorMachine> = (services) =>
  recordEditorFlow(customerEditorMachine, customerIo(services.api), services);

/** The customer and its save, through the API client; a duplicate name's 409 message is shown by the client. */
function customerIo(api: CrmClient): RecordEditorIo<CustomerForm, CustomerChoices> {
  return {
    async loadEditor({ id }) {
      const customer = id === null ? null : await found(api.GET('/api/customers/{id}', { params: { path: { id } } }));
      return { form: customer ? customerForm(customer) : BLANK_CUSTOMER_FORM, choices: null };
    },
    async saveRecord({ id, form }) {
      const body = customerWrite(form);
      return id === null
        ? found(api.POST('/api/customers', { body }))
        : found(api.PUT('/api/customers/{id}', { params: { path: { id } }, body }));
    },
    async deleteRecord({ id }) {
      await found(api.DELETE('/api/customers/{id}', { params: { path: { id } } }));
    },
    deletePart: 'records',
  };
}
