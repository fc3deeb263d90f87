import { useActorRef, useSelector } from '@xstate/react';
import { memo, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { found } from '../../api/client.ts';
import { dateRangeLabel, selectableYears } from '../../domain/revenue/index.ts';
import { dashboardMachine } from '../../machines/dashboard.ts';
import type { DashboardActor } from './DashboardFilters.tsx';
import { useServices, useSession } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { filtersFromSearch, searchOfFilters } from './address.ts';
import { DashboardFilters } from './DashboardFilters.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { RevenueTable } from './RevenueTable.tsx';
import './dashboard.css';
import { inspection } from '../../platform/inspector.ts';

/** /dashboard: total revenue by week, month or year, for everyone or one salesperson. */
export default function DashboardScreen() {
  const { quietApi } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id ?? 0));
  const search = useSearch();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const pendingAddress = useRef(0);

  const [today] = useState(() => new Date());
  const years = useMemo(() => selectableYears(today), [today]);
  // Read once: the address seeds the machine, then the machine writes it.
  const [initial] = useState(() => filtersFromSearch(search, years));

  // Made once: every address update renders the screen again, and the running actor keeps its first logic anyway.
  const [logic] = useState(() =>
    dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise(({ input }) =>
          found(quietApi.POST('/api/opportunities/anlaysis', { body: { year: input.year, tenantId: input.tenantId } })),
        ),
        loadSalespersons: fromPromise(({ input }) =>
          found(
            quietApi.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } }),
          ),
        ),
      },
      actions: {
        logError: (_, { error }) => console.error('The dashboard data could not be loaded', error),
        // The address follows after the new chart has painted: writing it is not
        // free, and the person is waiting for the chart, not for the address bar.
        publishFilters: (_, { filters }) => {
          cancelAnimationFrame(pendingAddress.current);
          pendingAddress.current = requestAnimationFrame(() =>
            setTimeout(() => navigateRef.current(`/dashboard?${searchOfFilters(filters)}`, { replace: true })),
          );
        },
      },
    }),
  );
  const dashboard = useActorRef(
    logic,
    { input: { tenantId, today, initial }, inspect: inspection() },
  );

  return <StableDashboardView dashboard={dashboard} today={today} years={years} />;
}

// Its props never change, so an address update re-renders the screen but not the view.
const StableDashboardView = memo(function StableDashboardView(props: Parameters<typeof DashboardView>[0]) {
  return <DashboardView {...props} />;
});

/** The screen's content for a running dashboard actor: each of its states shown explicitly. */
export function DashboardView({
  dashboard,
  today,
  years,
}: {
  dashboard: DashboardActor;
  today: Date;
  years: readonly number[];
}) {
  const phase = useSelector(dashboard, (state) => state.value);
  const year = useSelector(dashboard, (state) => state.context.filters.year);
  const buckets = useSelector(dashboard, (state) => state.context.buckets);

  return (
    <section aria-labelledby="dashboard-title" className="dashboard" aria-busy={phase === 'loading'}>
      <header className="dashboard__header">
        <div>
          <h1 id="dashboard-title">Total Revenue</h1>
          <p className="dashboard__range">{dateRangeLabel(year, today)}</p>
        </div>
        <DashboardFilters dashboard={dashboard} years={years} />
      </header>

      <div className="card dashboard__body">
        {phase === 'loading' ? <Spinner label="Loading revenue" /> : null}
        {phase === 'empty' ? <p className="dashboard__empty">No data available</p> : null}
        {phase === 'failed' ? (
          // Spec section 8: a failed dashboard load is logged only, so this says no more than the empty state.
          <div className="dashboard__empty">
            <p>No data available</p>
            <button type="button" className="button button--secondary" onClick={() => dashboard.send({ type: 'data.retry' })}>
              Try again
            </button>
          </div>
        ) : null}
        {phase === 'ready' ? (
          <>
            <RevenueChart buckets={buckets} />
            <RevenueTable buckets={buckets} />
          </>
        ) : null}
      </div>
    </section>
  );
}
