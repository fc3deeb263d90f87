import { useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { dayTotals, monthGrid, monthTotal } from '../../domain/opportunities/calendar.ts';
import { calendarMachine } from '../../machines/calendar.ts';
import { inspection } from '../../platform/inspector.ts';
import { useServices, useSession } from '../app/services.tsx';
import { Spinner } from '../app/Spinner.tsx';
import { formatUnits } from '../opportunities/format.ts';
import { loadYearFrom } from '../opportunities/load-year.ts';
import '../opportunities/opportunities.css';
import './calendar.css';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const opportunitiesText = (count: number) => (count === 1 ? '1 opportunity' : `${count} opportunities`);

/** /calendar: a month of opportunities, each day with how many were created and their revenue. */
export default function CalendarScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const [logic] = useState(() =>
    calendarMachine.provide({
      actors: { loadYear: loadYearFrom(api) },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
  );
  const calendar = useActorRef(logic, { input: { tenantId, today: new Date() }, inspect: inspection() });
  const phase = useSelector(calendar, (state) => state.value);
  const month = useSelector(calendar, (state) => state.context.month);
  const rows = useSelector(calendar, (state) => state.context.rows);
  const canPrevious = useSelector(calendar, (state) => state.can({ type: 'month.previous' }));
  const canNext = useSelector(calendar, (state) => state.can({ type: 'month.next' }));
  const canCurrent = useSelector(calendar, (state) => state.can({ type: 'month.current' }));

  const grid = useMemo(() => monthGrid(month), [month]);
  const totals = useMemo(() => dayTotals(rows), [rows]);
  const total = monthTotal(grid, totals);
  const monthLabel = format(new Date(month.year, month.monthIndex, 1), 'MMMM yyyy');
  const today = format(new Date(), 'yyyy-MM-dd');

  return (
    <section className="calendar" aria-labelledby="calendar-title">
      <div className="screen-header">
        <h1 id="calendar-title">Calendar</h1>
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
      </div>
      <h2 className="calendar__month" aria-live="polite">
        {monthLabel}
      </h2>
      {phase === 'loading' ? <Spinner label={`Loading ${monthLabel}`} /> : null}
      {phase === 'failed' ? (
        <div className="card notice" role="alert">
          <p>The opportunities of {monthLabel} could not be loaded.</p>
          <button type="button" className="button" onClick={() => calendar.send({ type: 'data.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {phase === 'ready' ? (
        <>
          <dl className="figures" aria-label={`Totals of ${monthLabel}`}>
            <div className="figure">
              <dt>Opportunities created</dt>
              <dd>{total.count}</dd>
            </div>
            <div className="figure">
              <dt>Revenue</dt>
              <dd>{formatUnits(total.revenueUnits)}</dd>
            </div>
            <div className="figure">
              <dt>Weighted revenue</dt>
              <dd>{formatUnits(total.weightedUnits)}</dd>
            </div>
          </dl>
          <div className="card calendar__card">
            <table className="calendar__grid">
              <caption className="visually-hidden">Opportunities created each day of {monthLabel}</caption>
              <thead>
                <tr>
                  {WEEKDAYS.map((weekday) => (
                    <th key={weekday} scope="col">
                      <abbr title={weekday}>{weekday.slice(0, 3)}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.map((week) => (
                  <tr key={week[0]!.day}>
                    {week.map((cell) => {
                      const dayTotal = cell.inMonth ? totals.get(cell.day) : undefined;
                      const isToday = format(cell.date, 'yyyy-MM-dd') === today;
                      return (
                        <td
                          key={cell.day}
                          className={`calendar__day${cell.inMonth ? '' : ' calendar__day--outside'}${dayTotal ? ' calendar__day--busy' : ''}`}
                          aria-current={isToday ? 'date' : undefined}
                        >
                          <span className="calendar__date">
                            <span className="visually-hidden">{format(cell.date, 'EEEE d MMMM')}</span>
                            <span aria-hidden="true">{format(cell.date, 'd')}</span>
                          </span>
                          {dayTotal ? (
                            <span className="calendar__total">
                              <span className="calendar__count">{opportunitiesText(dayTotal.count)}</span>
                              <span className="calendar__count-short" aria-hidden="true">
                                {dayTotal.count}
                              </span>
                              <span className="calendar__revenue">{formatUnits(dayTotal.revenueUnits)}</span>
                            </span>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
