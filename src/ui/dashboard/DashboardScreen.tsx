import { useSelector } from '@xstate/react';
import { memo, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { dateRangeLabel, selectableYears } from '../../domain/revenue/index.ts';
import { filtersFromSearch } from '../../domain/dashboard/address.ts';
import { dashboardFlow } from '../../wiring/dashboard.ts';
import type { DashboardActor } from './DashboardFilters.tsx';
import { useFlow } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { DashboardFilters } from './DashboardFilters.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { RevenueTable } from './RevenueTable.tsx';
import './dashboard.css';

/** /dashboard: total revenue by week, month or year, for everyone or one salesperson. */
export default function DashboardScreen() {
  const search = useSearch();

  const [today] = useState(() => new Date());
  const years = useMemo(() => selectableYears(today), [today]);
  // Read once: the address seeds the machine, then the machine writes it.
  const [initial] = useState(() => filtersFromSearch(search, years));

  const dashboard = useFlow(dashboardFlow, ({ tenantId }) => ({ tenantId, today, initial }));

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
