import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import type { ActorRefFrom } from 'xstate';
import { calendarYears } from '../../domain/opportunities/calendar.ts';
import type { calendarMachine } from '../../machines/calendar.ts';

type CalendarActor = ActorRefFrom<typeof calendarMachine>;

const MONTH_NAMES = Array.from({ length: 12 }, (_, monthIndex) => format(new Date(2000, monthIndex, 1), 'MMMM'));
const sameList = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The month and year to show, chosen directly: every year holding data is offered
 * (as the lists' year choices), so a deal or event of any year is two choices away;
 * a month the calendar does not offer is there but cannot be chosen.
 */
export function MonthPicker({ calendar }: { calendar: CalendarActor }) {
  const monthId = useId();
  const yearId = useId();
  const month = useSelector(calendar, (state) => state.context.month);
  const years = useSelector(calendar, (state) => calendarYears(state.context.today, state.context.dataYears, state.context.month), sameList);
  const offered = useSelector(
    calendar,
    (state) => MONTH_NAMES.map((_, monthIndex) => monthIndex === state.context.month.monthIndex || state.can({ type: 'month.change', monthIndex })),
    sameList,
  );
  return (
    <div className="calendar__pick" role="group" aria-label="Go to a month">
      <div className="year-select">
        <label htmlFor={monthId}>Month</label>
        <select id={monthId} className="select" value={month.monthIndex} onChange={(event) => calendar.send({ type: 'month.change', monthIndex: Number(event.target.value) })}>
          {MONTH_NAMES.map((name, monthIndex) => (
            <option key={name} value={monthIndex} disabled={!offered[monthIndex]}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="year-select">
        <label htmlFor={yearId}>Year</label>
        <select id={yearId} className="select" value={month.year} onChange={(event) => calendar.send({ type: 'year.change', year: Number(event.target.value) })}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
