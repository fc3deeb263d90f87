import { format } from 'date-fns';
import type { Opportunity } from '../../api/client.ts';
import type { Choice } from '../lists/choices.ts';

/** What names an opportunity in a choice: its customer and the day it was created. */
export function opportunityLabelOf(opportunity: Pick<Opportunity, 'customer' | 'created_date'>): string {
  return `${opportunity.customer || 'No customer'} — ${format(new Date(opportunity.created_date), 'd MMM yyyy')}`;
}

/** An opportunity found as a person types: named by customer and day, told apart by its stage and salesperson. */
export function opportunityChoiceOf(
  opportunity: Pick<Opportunity, 'id' | 'customer' | 'created_date' | 'stage'> & { salesperson_name?: string },
): Choice {
  const detail = [opportunity.stage, opportunity.salesperson_name].filter(Boolean).join(' · ');
  return { value: String(opportunity.id), label: opportunityLabelOf(opportunity), ...(detail ? { detail } : {}) };
}
