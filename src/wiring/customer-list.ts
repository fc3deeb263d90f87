import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import { customersOfYear, type CustomerSummary } from '../domain/opportunities/customers.ts';
import type { ListLoadRequest } from '../machines/browser-list.ts';
import { customerListMachine } from '../machines/customer-list.ts';
import { listAddressWriter } from './list-address.ts';
import { logError, type Wiring } from './wiring.ts';

export const customerListFlow: Wiring<typeof customerListMachine> = (services) =>
  customerListMachine.provide({
    actors: { loadRows: loadCustomersFrom(services.api) },
    actions: { logError, writeAddress: listAddressWriter(services, '/customer') },
  });

/** The loadRows actor of /customer: the stored customers, summed with the year's opportunities (and their salespersons' names). */
function loadCustomersFrom(api: CrmClient) {
  return fromPromise<readonly CustomerSummary[], ListLoadRequest>(async ({ input }) => {
    const year = Number(input.filters.year);
    const [customers, opportunities, salespersons] = await Promise.all([
      found(api.GET('/api/customers/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      found(api.GET('/api/opportunities/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year } } })),
      found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
    ]);
    const directory = customers.map(({ id, name, company }) => ({ id, name, company }));
    return customersOfYear({ directory, year: { opportunities, salespersons } }, year);
  });
}
