import type { Opportunity } from '../../api/client.ts';

/** One entry of the 'Linked opportunity' select. */
export interface OpportunityChoice {
  id: number;
  label: string;
}

/**
 * The opportunities a file can be linked to, as a person picks one: by customer,
 * then newest first, each labelled with its customer, stage and creation day
 * (UTC, so the label is the same wherever it is read), e.g. 'Acme Corp · proposal · 2026-03-01'.
 */
export function opportunityChoices(opportunities: readonly Opportunity[]): OpportunityChoice[] {
  return [...opportunities]
    .sort((a, b) => a.customer.localeCompare(b.customer) || Date.parse(b.created_date) - Date.parse(a.created_date) || a.id - b.id)
    .map((opportunity) => ({
      id: opportunity.id,
      label: `${opportunity.customer || 'No customer'} · ${opportunity.stage} · ${new Date(opportunity.created_date).toISOString().slice(0, 10)}`,
    }));
}
