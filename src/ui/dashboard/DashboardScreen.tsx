import { useSelector } from '@xstate/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { afterNextPaint } from '../../platform/after-paint.ts';
import { useSearch } from 'wouter';
import { dateRangeLabel, selectableYears } from '../../domain/revenue/index.ts';
import { filtersFromSearch } from '../../domain/dashboard/address.ts';
import { dashboardFlow } from '../../wiring/dashboard.ts';
import { dashboardPhase } from '../../machines/dashboard.ts';
import type { ApiPart } from '../../domain/api-parts.ts';
import type { DashboardActor } from './DashboardFilters.tsx';
import { useCurrency, useFlow, useMissingParts } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { DashboardFilters } from './DashboardFilters.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { RevenueTable } from './RevenueTable.tsx';
import { Headline } from './Headline.tsx';
import './dashboard.css';

const DAY_PARTS: readonly ApiPart[] = ['day-totals'];

/** /dashboard: total revenue by week, month or year, for everyone or one salesperson. */
export default function DashboardScreen() {
  const currency = useCurrency();
  const search = useSearch();

  const [today] = useState(() => new Date());
  const years = useMemo(() => selectableYears(today), [today]);
  // Read once: the address seeds the machine, then the machine writes it.
  const [initial] = useState(() => filtersFromSearch(search, years));
  // Known by now: every route waits for the API's parts before its screen starts.
  const fromDays = useMissingParts(DAY_PARTS)?.length === 0;

  const dashboard = useFlow(dashboardFlow, ({ tenantId }) => ({ tenantId, today, initial, fromDays }));

  return <StableDashboardView dashboard={dashboard} today={today} years={years} currency={currency} />;
}

// Its props change only with the currency, so an address update re-renders the screen but not the view.
const StableDashboardView = memo(function StableDashboardView(props: Parameters<typeof DashboardView>[0]) {
  return <DashboardView {...props} />;
});

/** The screen's content for a running dashboard actor: each of its states shown explicitly. */
export function DashboardView({
  dashboard,
  today,
  years,
  currency,
}: {
  dashboard: DashboardActor;
  today: Date;
  years: readonly number[];
  /** The tenant's ISO 4217 currency. */
  currency: string;
}) {
  const phase = useSelector(dashboard, dashboardPhase);
  const year = useSelector(dashboard, (state) => state.context.filters.year);
  const buckets = useSelector(dashboard, (state) => state.context.buckets);
  const headline = useSelector(dashboard, (state) => state.context.headline);
  const noRevenue = buckets.every((bucket) => bucket.revenue === 0);
  const tableBuckets = useAfterNextPaint(buckets);

  return (
    <section aria-labelledby="dashboard-title" className="dashboard" aria-busy={phase === 'loading' || phase === 'waiting'}>
      <header className="dashboard__header">
        <div>
          <h1 id="dashboard-title">Total Revenue</h1>
          <p className="dashboard__range">{dateRangeLabel(year, today)}</p>
          {headline ? <WeightingNote weighted={headline.weighted} /> : null}
        </div>
        <DashboardFilters dashboard={dashboard} years={years} />
      </header>

      <div className="card dashboard__body">
        {phase === 'loading' ? <Spinner label="Loading revenue" /> : null}
        {phase === 'waiting' ? <WaitingForSalesperson dashboard={dashboard} /> : null}
        {phase === 'empty' ? <p className="dashboard__empty">No data available</p> : null}
        {phase === 'failed' ? (
          // Spec section 8: a failed dashboard load is logged only, so this says no more than the empty state.
          <div className="dashboard__empty">
            <p>No data available</p>
            <button type="button" className="button button--secondary" onClick={() => dashboard.send({ type: 'retry' })}>
              Try again
            </button>
          </div>
        ) : null}
        {phase === 'ready' ? (
          <>
            {headline ? <Headline headline={headline} year={year} currency={currency} /> : null}
            {noRevenue ? <p className="dashboard__no-revenue">No revenue in this period</p> : null}
            <RevenueChart buckets={buckets} currency={currency} />
            <RevenueTable buckets={tableBuckets} currency={currency} />
          </>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The value as it was until the frame showing the rest of the change has been
 * painted: the table below the chart follows the chart the person is looking at.
 */
function useAfterNextPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => (shown === value ? undefined : afterNextPaint(() => setShown(value))), [shown, value]);
  return shown;
}

/** One salesperson chosen before the year's opportunities arrived: their figures follow with them. */
function WaitingForSalesperson({ dashboard }: { dashboard: DashboardActor }) {
  const name = useSelector(dashboard, (state) => state.context.salespersons?.find((person) => person.id === state.context.filters.salespersonId)?.name);
  return (
    <div className="dashboard__waiting">
      <Spinner label={`Loading ${name ?? 'the salesperson'}'s revenue`} />
      <p aria-hidden="true">Loading {name ?? 'the salesperson'}'s revenue…</p>
    </div>
  );
}

/** Says plainly which figures the chart shows (spec section 9: month with All adds raw revenue, every other view weighs it). */
function WeightingNote({ weighted }: { weighted: boolean }) {
  return (
    <p className="dashboard__basis">
      {weighted
        ? 'Weighted: each opportunity counts its revenue × probability ÷ 100.'
        : 'Unweighted: the month view of all salespersons adds up revenue as it is.'}
    </p>
  );
}
