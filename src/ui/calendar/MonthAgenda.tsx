import { format } from 'date-fns';
import { Link } from 'wouter';
import { timeOnDay, type EventRow } from '../../domain/calendar/events.ts';
import type { CalendarDay } from '../../domain/opportunities/calendar.ts';
import { EventDeal } from './EventDeal.tsx';

interface MonthAgendaProps {
  grid: readonly CalendarDay[][];
  monthLabel: string;
  eventsOfDay: ReadonlyMap<number, readonly EventRow[]>;
}

/**
 * The month's events as a list by day: on a phone the grid's days are too narrow
 * for titles, so they show a count and the events are listed here (hidden on wider
 * screens, where each day lists its own).
 */
export function MonthAgenda({ grid, monthLabel, eventsOfDay }: MonthAgendaProps) {
  const days = grid.flat().filter((cell) => cell.inMonth && eventsOfDay.has(cell.day));
  return (
    <section className="card calendar__agenda" aria-labelledby="calendar-agenda-title">
      <h3 id="calendar-agenda-title">Events in {monthLabel}</h3>
      {days.length === 0 ? (
        <p>No events this month.</p>
      ) : (
        <ul className="calendar__agenda-days">
          {days.map((cell) => (
            <li key={cell.day}>
              <h4>{format(cell.date, 'EEEE d MMMM')}</h4>
              <ul className="calendar__agenda-events">
                {eventsOfDay.get(cell.day)!.map((event) => (
                  <li key={event.id}>
                    <Link href={`/edit-Calendar/${event.id}`} className="calendar__event">
                      <span className="calendar__event-time">{timeOnDay(event, cell.day)}</span> <span className="calendar__event-title">{event.title}</span>
                    </Link>
                    <EventDeal event={event} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
