import { Link } from 'wouter';
import type { EventRow } from '../../domain/calendar/events.ts';
import { customerLabel } from '../kit/format.ts';

/** The deal an event is about, by its customer's name, as a link to the deal's page; nothing for an event about none. */
export function EventDeal({ event }: { event: EventRow }) {
  if (event.opportunityId === null) return null;
  const name = event.opportunityCustomer === null ? `Opportunity #${event.opportunityId}` : customerLabel(event.opportunityCustomer);
  return (
    <Link href={`/opportunity/${event.opportunityId}`} className="calendar__event-deal" aria-label={`${name}, the opportunity of ${event.title}`}>
      {name}
    </Link>
  );
}
