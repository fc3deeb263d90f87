import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import type { YearRequest } from '../domain/opportunities/rows.ts';
import type { CustomerYearData } from '../machines/customer-list.ts';

/** The loadCustomers actor of /customer: the stored customers, and the year's opportunities with their salespersons' names. */
export function loadCustomersFrom(api: CrmClient) {
  return fromPromise<CustomerYearData, YearRequest>(async ({ input }) => {
    const [customers, opportunities, salespersons] = await Promise.all([
      found(api.GET('/api/customers/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      found(api.POST('/api/opportunities/anlaysis', { body: { year: input.year, tenantId: input.tenantId } })),
      found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
    ]);
    return {
      directory: customers.map(({ id, name, company }) => ({ id, name, company })),
      year: { opportunities, salespersons },
    };
  });
}
