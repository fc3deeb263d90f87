import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import type { YearData, YearRequest } from '../domain/opportunities/rows.ts';

/** The loadYear actor of the opportunity screens: the year's opportunities and the salespersons' names, together. */
export function loadYearFrom(api: CrmClient) {
  return fromPromise<YearData, YearRequest>(async ({ input }) => {
    const [opportunities, salespersons] = await Promise.all([
      found(api.POST('/api/opportunities/anlaysis', { body: { year: input.year, tenantId: input.tenantId } })),
      found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
    ]);
    return { opportunities, salespersons };
  });
}
