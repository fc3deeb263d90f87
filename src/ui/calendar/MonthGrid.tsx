import { format } from 'date-fns';
import { Link } from 'wouter';
import type { EventRow } from '../../domain/calendar/events.ts';
import { dateTextOfDay, timeOnDay } from '../../domain/calendar/events.ts';
import type { CalendarDay, DayTotal } from '../../domain/opportunities/calendar.ts';
import { useCurrency } from '../kit/services.tsx';
import { formatUnits } from '../kit/format.ts';
import { EventDeal } from './EventDeal.tsx';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const opportunitiesText = (count: number) => (count === 1 ? '1 opportunity' : `${count} opportunities`);
const eventsText = (count: number) => (count === 1 ? '1 event' : `${count} events`);

interface MonthGridProps {
  grid: readonly CalendarDay[][];
  monthLabel: string;
  totals: ReadonlyMap<number, DayTotal>;
  eventsOfDay: ReadonlyMap<number, readonly EventRow[]>;
  /** yyyy-MM-dd of today, to mark its cell. */
  today: string;
}

/** The month's weeks, Monday first: each day with its opportunities' totals, its events and a way to add one. */
export function MonthGrid({ grid, monthLabel, totals, eventsOfDay, today }: MonthGridProps) {
  return (
    <table className="calendar__grid">
      <caption className="visually-hidden">Opportunities created and events of each day of {monthLabel}</caption>
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
            {week.map((cell) => (
              <DayCell
                key={cell.day}
                cell={cell}
                total={cell.inMonth ? totals.get(cell.day) : undefined}
                events={eventsOfDay.get(cell.day) ?? []}
                isToday={dateTextOfDay(cell.day) === today}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface DayCellProps {
  cell: CalendarDay;
  total: DayTotal | undefined;
  events: readonly EventRow[];
  isToday: boolean;
}

function DayCell({ cell, total, events, isToday }: DayCellProps) {
  const currency = useCurrency();
  const dayName = format(cell.date, 'EEEE d MMMM');
  const classes = ['calendar__day', cell.inMonth ? '' : 'calendar__day--outside', total ? 'calendar__day--busy' : ''].filter(Boolean).join(' ');
  return (
    <td className={classes} aria-current={isToday ? 'date' : undefined}>
      <div className="calendar__day-head">
        <span className="calendar__date">
          <span className="visually-hidden">{dayName}</span>
          <span aria-hidden="true">{format(cell.date, 'd')}</span>
        </span>
        <Link href={`/add-Calendar?date=${dateTextOfDay(cell.day)}`} className="calendar__add" aria-label={`Add an event on ${dayName}`} title="Add an event">
          +
        </Link>
      </div>
      {total ? (
        <span className="calendar__total">
          <span className="calendar__count">{opportunitiesText(total.count)}</span>
          <span className="calendar__count-short" aria-hidden="true">
            {total.count}
          </span>
          <span className="calendar__revenue">{formatUnits(total.revenueUnits, currency)}</span>
        </span>
      ) : null}
      {events.length > 0 ? (
        <>
          <ul className="calendar__events" aria-label={`Events on ${dayName}`}>
            {events.map((event) => (
              <li key={event.id}>
                <Link href={`/edit-Calendar/${event.id}`} className="calendar__event" title={`${timeOnDay(event, cell.day)} ${event.title}`}>
                  <span className="calendar__event-time">{timeOnDay(event, cell.day)}</span> <span className="calendar__event-title">{event.title}</span>
                </Link>
                <EventDeal event={event} />
              </li>
            ))}
          </ul>
          <span className="calendar__events-short" aria-hidden="true">
            {eventsText(events.length)}
          </span>
        </>
      ) : null}
    </td>
  );
}
