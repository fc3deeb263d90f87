import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { Link, useSearch } from 'wouter';
import { eventsByDay } from '../../domain/calendar/events.ts';
import { monthFromText, monthGrid, monthTotal } from '../../domain/opportunities/calendar.ts';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { LoadFailed } from '../kit/LoadNotice.tsx';
import { formatUnits } from '../kit/format.ts';
import { calendarFlow } from '../../wiring/calendar.ts';
import { MonthAgenda } from './MonthAgenda.tsx';
import { MonthGrid } from './MonthGrid.tsx';
import { MonthPicker } from './MonthPicker.tsx';
import '../kit/lists.css';
import './calendar.css';

/**
 * /calendar: a month of opportunities and events. Each day shows how many
 * opportunities were created and their revenue, its meetings and appointments,
 * and a way to add one; /calendar?month=YYYY-MM opens on that month, and the month
 * and year choices reach every year holding data.
 */
export default function CalendarScreen() {
  const currency = useCurrency();
  const search = useSearch();
  const calendar = useFlow(calendarFlow, ({ tenantId }) => ({
    tenantId,
    today: new Date(),
    month: monthFromText(new URLSearchParams(search).get('month')),
  }));
  const loading = useSelector(calendar, (state) => state.hasTag('loading'));
  const ready = useSelector(calendar, (state) => state.matches('ready'));
  const failed = useSelector(calendar, (state) => state.matches('failed'));
  const month = useSelector(calendar, (state) => state.context.month);
  const totals = useSelector(calendar, (state) => state.context.days);
  const events = useSelector(calendar, (state) => state.context.events);
  const canPrevious = useSelector(calendar, (state) => state.can({ type: 'month.previous' }));
  const canNext = useSelector(calendar, (state) => state.can({ type: 'month.next' }));
  const canCurrent = useSelector(calendar, (state) => state.can({ type: 'month.current' }));

  const grid = useMemo(() => monthGrid(month), [month]);
  const eventsOfDay = useMemo(() => eventsByDay(events, grid.flat().map((cell) => cell.day)), [events, grid]);
  const total = monthTotal(grid, totals);
  const monthLabel = format(new Date(month.year, month.monthIndex, 1), 'MMMM yyyy');
  const today = format(new Date(), 'yyyy-MM-dd');

  return (
    <section className="calendar" aria-labelledby="calendar-title">
      <div className="screen-header">
        <h1 id="calendar-title">Calendar</h1>
        <div className="calendar__actions">
          <div className="calendar__nav" role="group" aria-label="Month">
            <button type="button" className="button button--secondary" disabled={!canPrevious} onClick={() => calendar.send({ type: 'month.previous' })}>
              Previous month
            </button>
            <button type="button" className="button button--secondary" disabled={!canCurrent} onClick={() => calendar.send({ type: 'month.current' })}>
              This month
            </button>
            <button type="button" className="button button--secondary" disabled={!canNext} onClick={() => calendar.send({ type: 'month.next' })}>
              Next month
            </button>
          </div>
          <Link href="/add-Calendar" className="button">
            Add Event
          </Link>
        </div>
      </div>
      <div className="calendar__heading">
        <h2 className="calendar__month" aria-live="polite">
          {monthLabel}
        </h2>
        <MonthPicker calendar={calendar} />
      </div>
      {loading ? <Spinner label={`Loading ${monthLabel}`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => calendar.send({ type: 'retry' })}>The opportunities and events of {monthLabel} could not be loaded.</LoadFailed>
      ) : null}
      {ready ? (
        <>
          <dl className="figures" aria-label={`Totals of ${monthLabel}`}>
            <div className="figure">
              <dt>Opportunities created</dt>
              <dd>{total.count}</dd>
            </div>
            <div className="figure">
              <dt>Revenue</dt>
              <dd>{formatUnits(total.revenueUnits, currency)}</dd>
            </div>
            <div className="figure">
              <dt>Weighted revenue</dt>
              <dd>{formatUnits(total.weightedUnits, currency)}</dd>
            </div>
          </dl>
          <div className="card calendar__card">
            <MonthGrid grid={grid} monthLabel={monthLabel} totals={totals} eventsOfDay={eventsOfDay} today={today} />
          </div>
          <MonthAgenda grid={grid} monthLabel={monthLabel} eventsOfDay={eventsOfDay} />
        </>
      ) : null}
    </section>
  );
}
