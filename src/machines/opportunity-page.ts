import type { Opportunity } from '../api/client';
import { createRecordPageMachine } from './record-page.ts';

/** The figures at the top of an opportunity's page. */
export interface OpportunitySummary {
  opportunity: Opportunity;
  salespersonName: string;
  /** The customer record the opportunity names, for its link; null when the directory does not hold it. */
  customerId: number | null;
}

/** /opportunity/:id: the deal's figures, its story newest first, and notes, activities and events added from the page. */
export const opportunityPageMachine = createRecordPageMachine<OpportunitySummary>({ id: 'opportunityPage' });
