import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ALL_SALESPERSONS, type Granularity } from '../../domain/revenue/index.ts';
import type { SalespersonOption, dashboardMachine } from '../../machines/dashboard.ts';

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;

const GRANULARITY_LABELS: ReadonlyArray<[Granularity, string]> = [
  ['week', 'Week'],
  ['month', 'Month'],
  ['year', 'Year'],
];

/** The Week / Month / Year toggle and the Year and Salesperson dropdowns. */
export function DashboardFilters({ dashboard, years }: { dashboard: DashboardActor; years: readonly number[] }) {
  const granularity = useSelector(dashboard, (state) => state.context.filters.granularity);
  const year = useSelector(dashboard, (state) => state.context.filters.year);
  const salespersonId = useSelector(dashboard, (state) => state.context.filters.salespersonId);
  const salespersons = useSelector(dashboard, (state) => state.context.salespersons);

  return (
    <div className="dashboard-filters">
      <div role="group" aria-label="Granularity" className="segmented">
        {GRANULARITY_LABELS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="segmented__option"
            aria-pressed={granularity === value}
            onClick={() => dashboard.send({ type: 'filters.granularity.change', granularity: value })}
          >
            {label}
          </button>
        ))}
      </div>

      <div className="field field--inline">
        <label htmlFor="dashboard-year">Year</label>
        <select
          id="dashboard-year"
          className="select"
          value={year}
          onChange={(event) => dashboard.send({ type: 'filters.year.change', year: Number(event.target.value) })}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>

      <div className="field field--inline">
        <label htmlFor="dashboard-salesperson">Salesperson</label>
        <select
          id="dashboard-salesperson"
          className="select"
          value={salespersonId}
          // Until the list arrives only All can be shown; a choice from the address waits for it.
          disabled={salespersons === null}
          onChange={(event) =>
            dashboard.send({ type: 'filters.salesperson.change', salespersonId: Number(event.target.value) })
          }
        >
          <option value={ALL_SALESPERSONS}>All</option>
          <SalespersonOptions salespersons={salespersons} />
        </select>
      </div>
    </div>
  );
}

/**
 * A tenant can have hundreds of salespersons: their options stay as they are
 * while the filters change, instead of being rendered again on every change.
 */
const SalespersonOptions = memo(function SalespersonOptions({
  salespersons,
}: {
  salespersons: readonly SalespersonOption[] | null;
}) {
  return (salespersons ?? []).map((person) => (
    <option key={person.id} value={person.id}>
      {person.name}
    </option>
  ));
});
