import { found, type CrmClient } from '../api/client.ts';
import { dealLabel } from '../domain/records/record-page.ts';
import { customerPageMachine, type CustomerSummary } from '../machines/customer-page.ts';
import type { LoadedRecord } from '../machines/record-page.ts';
import { draftsFor } from '../domain/records/record-page.ts';
import { recordPageFlow, timelinePageOf } from './record-page.ts';
import type { Wiring } from './wiring.ts';

export const customerPageFlow: Wiring<typeof customerPageMachine> = (services, caller) =>
  recordPageFlow(customerPageMachine, (id) => loadCustomerPage(services.api, caller.tenantId, id), {
    loadTimeline: async ({ recordId, offset, limit }) =>
      timelinePageOf(await found(services.api.GET('/api/customers/{id}/timeline', { params: { path: { id: recordId }, query: { offset, limit } } }))),
    addNote: async ({ recordId, text }) => {
      await found(services.api.POST('/api/customers/{id}/notes', { params: { path: { id: recordId } }, body: { body: text } }));
    },
  }, services);

async function loadCustomerPage(api: CrmClient, tenantId: number, id: number): Promise<LoadedRecord<CustomerSummary>> {
  const [customer, deals, timeline, salespersons] = await Promise.all([
    found(api.GET('/api/customers/{id}', { params: { path: { id } } })),
    found(api.GET('/api/customers/{id}/opportunities', { params: { path: { id } } })),
    found(api.GET('/api/customers/{id}/timeline', { params: { path: { id }, query: { limit: 25 } } })),
    found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
  ]);
  // Activities and events are about a deal: the newest open one is offered first.
  const open = deals.filter((deal) => deal.stage !== 'closed won' && deal.stage !== 'closed lost');
  const first = open[0] ?? deals[0];
  return {
    summary: { customer, deals },
    timeline: timelinePageOf(timeline),
    choices: {
      salespersons: salespersons.map((person) => ({ id: person.id, name: person.name })),
      opportunities: [...open, ...deals.filter((deal) => !open.includes(deal))].map((deal) => ({
        id: deal.id,
        label: dealLabel(deal),
      })),
    },
    drafts: draftsFor(new Date(), first?.salesperson_id, first?.id),
  };
}
