import { found, type CrmClient } from '../api/client.ts';
import { opportunityPageMachine, type OpportunitySummary } from '../machines/opportunity-page.ts';
import type { LoadedRecord } from '../machines/record-page.ts';
import { draftsFor } from '../domain/records/record-page.ts';
import { recordPageFlow, timelinePageOf } from './record-page.ts';
import type { Wiring } from './wiring.ts';

export const opportunityPageFlow: Wiring<typeof opportunityPageMachine> = (services, caller) =>
  recordPageFlow(opportunityPageMachine, (id) => loadOpportunityPage(services.api, caller.tenantId, id), {
    loadTimeline: async ({ recordId, offset, limit }) =>
      timelinePageOf(await found(services.api.GET('/api/opportunities/{id}/timeline', { params: { path: { id: recordId }, query: { offset, limit } } }))),
    addNote: async ({ recordId, text }) => {
      await found(services.api.POST('/api/opportunities/{id}/notes', { params: { path: { id: recordId } }, body: { body: text } }));
    },
  }, services);

async function loadOpportunityPage(api: CrmClient, tenantId: number, id: number): Promise<LoadedRecord<OpportunitySummary>> {
  const tenant = { params: { path: { tenant_id: tenantId } } };
  const [opportunity, timeline, salespersons, customers] = await Promise.all([
    found(api.GET('/api/opportunities/{id}', { params: { path: { id } } })),
    found(api.GET('/api/opportunities/{id}/timeline', { params: { path: { id }, query: { limit: 25 } } })),
    found(api.GET('/api/salespersons/getAllData/{tenant_id}', tenant)),
    found(api.GET('/api/customers/getAllData/{tenant_id}', tenant)),
  ]);
  const customer = customers.find((known) => known.name.toLowerCase() === opportunity.customer.toLowerCase());
  return {
    summary: {
      opportunity,
      salespersonName: salespersons.find((person) => person.id === opportunity.salesperson_id)?.name ?? '',
      customerId: customer?.id ?? null,
    },
    timeline: timelinePageOf(timeline),
    choices: {
      salespersons: salespersons.map((person) => ({ id: person.id, name: person.name })),
      opportunities: [{ id: opportunity.id, label: opportunity.customer }],
    },
    drafts: draftsFor(new Date(), opportunity.salesperson_id, opportunity.id),
  };
}
