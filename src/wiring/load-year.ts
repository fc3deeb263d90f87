import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import type { YearData, YearRequest } from '../domain/opportunities/rows.ts';

/** The loadYear actor of the opportunity screens: the year's opportunities and the salespersons' names, together. */
export function loadYearFrom(api: CrmClient) {
  return fromPromise<YearData, YearRequest>(async ({ input }) => {
    const [opportunities, salespersons] = await Promise.all([
      found(api.GET('/api/opportunities/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year: input.year } } })),
      found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
    ]);
    return { opportunities, salespersons };
  });
}
