import type { ApiPart } from '../../domain/api-parts.ts';

/**
 * The optional parts of the CRM API each screen needs, by route. A route not listed
 * needs only the specification's calls. The menu hides a screen whose parts the API
 * lacks, and its route says what is missing instead of calling it (docs/configuration.md
 * lists them; a test holds that table to this one).
 */
export const SCREEN_PARTS: Readonly<Record<string, { title: string; parts: readonly ApiPart[] }>> = {
  // The list and the board read pages of opportunities with their customers and stages,
  // which the specification's analysis answer does not carry; the board's moves are updates.
  '/opportunity': { title: 'Opportunities', parts: ['opportunity-list'] },
  '/pipeline': { title: 'Pipeline', parts: ['board', 'opportunity-records'] },
  '/add-Opportunity': { title: 'Add Opportunity', parts: ['opportunity-records', 'customers'] },
  '/edit-Opportunity/:id': { title: 'Edit Opportunity', parts: ['opportunity-records', 'customers'] },
  '/opportunity/:id': { title: 'Opportunity', parts: ['records', 'opportunity-records'] },
  '/customer': { title: 'Customers', parts: ['customers', 'customer-summaries'] },
  '/customer/:id': { title: 'Customer', parts: ['records', 'customers'] },
  '/add-Customer': { title: 'Add Customer', parts: ['customers'] },
  '/edit-Customer/:id': { title: 'Edit Customer', parts: ['customers'] },
  '/calendar': { title: 'Calendar', parts: ['calendar', 'day-totals'] },
  '/add-Calendar': { title: 'Add Event', parts: ['calendar'] },
  '/edit-Calendar/:id': { title: 'Edit Event', parts: ['calendar'] },
  '/activity': { title: 'Activities', parts: ['activities'] },
  '/add-Activity': { title: 'Add Activity', parts: ['activities', 'opportunity-list'] },
  '/edit-Activity/:id': { title: 'Edit Activity', parts: ['activities', 'opportunity-list'] },
  '/team': { title: 'Teams', parts: ['teams'] },
  '/add-Team': { title: 'Add Team', parts: ['teams'] },
  '/edit-Team/:id': { title: 'Edit Team', parts: ['teams'] },
  '/email-attachment': { title: 'E-mail attachments', parts: ['attachments', 'opportunity-list'] },
  '/settings': { title: 'Settings', parts: ['tenant-settings'] },
  '/import-Opportunity': { title: 'Import opportunities', parts: ['csv'] },
  '/import-Customer': { title: 'Import customers', parts: ['csv', 'customers'] },
};

const NONE: readonly ApiPart[] = [];

/** The parts the screen of a route (as the route table writes it) needs. */
export function partsNeededBy(route: string): readonly ApiPart[] {
  return SCREEN_PARTS[route]?.parts ?? NONE;
}
