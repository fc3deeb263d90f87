import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import { customersOfSums, type CustomerSummary } from '../domain/opportunities/customers.ts';
import type { ListLoadRequest } from '../machines/browser-list.ts';
import { customerListMachine } from '../machines/customer-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import { logError, type Wiring } from './wiring.ts';

export const customerListFlow: Wiring<typeof customerListMachine> = (services) =>
  customerListMachine.provide({
    actors: { loadRows: loadCustomersFrom(services.api), keepAddress: addressKeeperOf(services, '/customer') },
    actions: { logError },
  });

/** The loadRows actor of /customer: every customer with its opportunities of the year summed by the server, in the browser's time zone. */
function loadCustomersFrom(api: CrmClient) {
  return fromPromise<readonly CustomerSummary[], ListLoadRequest>(async ({ input }) => {
    const query = { year: Number(input.filters.year), zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    return customersOfSums(await found(api.GET('/api/customers/summaries/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query } })));
  });
}
