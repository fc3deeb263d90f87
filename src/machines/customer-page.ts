import type { Customer, OpportunityListRow } from '../api/client';
import { createRecordPageMachine } from './record-page.ts';

/** The figures at the top of a customer's page, and its opportunities. */
export interface CustomerSummary {
  customer: Customer;
  deals: readonly OpportunityListRow[];
}

/** /customer/:id: the customer's details and opportunities, its story and theirs newest first, and what is added from the page. */
export const customerPageMachine = createRecordPageMachine<CustomerSummary>({ id: 'customerPage' });
