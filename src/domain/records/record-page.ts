import type { FieldChange, OpportunityListRow, TimelineEntry } from '../../api/client';

export type { FieldChange, OpportunityListRow, TimelineEntry };
import { newActivityForm, type ActivityForm } from '../activities/editor.ts';
import { blankEventForm, type EventForm } from '../calendar/event-form.ts';
import { UNITS_PER_CURRENCY_UNIT } from '../revenue/prepare.ts';

/** How many timeline entries a page of the record pages loads at a time. */
export const TIMELINE_PAGE = 25;

/** The most a note may say (the API's NoteWrite). */
export const MAX_NOTE_LENGTH = 5000;

export const RECORD_PAGE_MESSAGES = {
  noteBlank: 'Write something in the note first.',
  noteTooLong: `A note must be at most ${MAX_NOTE_LENGTH} characters.`,
  noteAdded: 'Note added',
  activityAdded: 'Activity created successfully',
  eventAdded: 'Event created successfully',
} as const;

/** Why a note cannot be saved yet, or null when it can. */
export function noteProblem(text: string): string | null {
  if (text.trim() === '') return RECORD_PAGE_MESSAGES.noteBlank;
  if (text.length > MAX_NOTE_LENGTH) return RECORD_PAGE_MESSAGES.noteTooLong;
  return null;
}

/** One page of a record's timeline, as the machine keeps it. */
export interface TimelinePage {
  entries: readonly TimelineEntry[];
  hasMore: boolean;
}

/** A calendar event added from a record page: the event editor's form, and the opportunity it is about. */
export type QuickEventForm = EventForm & { opportunityId: string };

/** What can be added from a record page without leaving it: an activity or a calendar event, about one of its opportunities. */
export type QuickAdd = { kind: 'activity'; form: ActivityForm } | { kind: 'event'; form: QuickEventForm };

/** The choices a quick-add form offers: who it is for and which opportunity it is about. */
export interface QuickAddChoices {
  salespersons: readonly { id: number; name: string }[];
  opportunities: readonly { id: number; label: string }[];
}

/** The forms a quick add starts from, prefilled by the page (the deal's salesperson, the next hour). */
export interface QuickAddDrafts {
  activity: ActivityForm;
  event: QuickEventForm;
}

/** The quick adds' first forms: due or starting at the next full hour, for the deal's salesperson, about the given deal. */
export function draftsFor(now: Date, salespersonId: number | undefined, opportunityId: number | undefined): QuickAddDrafts {
  const activity = newActivityForm(now, salespersonId);
  const opportunity = opportunityId === undefined ? '' : String(opportunityId);
  const event = blankEventForm(null, now);
  return {
    activity: { ...activity, opportunityId: opportunity },
    event: {
      ...event,
      // The next full hour, for an hour, as the activity.
      startDate: activity.dueDate,
      endDate: activity.dueDate,
      startTime: activity.dueTime,
      endTime: activity.dueTime === '23:00' ? '23:59' : `${String(Number(activity.dueTime.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      salespersonId: activity.salespersonId,
      opportunityId: opportunity,
    },
  };
}

/** A field's name as a person reads it in a record's history. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  customer: 'Customer',
  salesperson: 'Salesperson',
  stage: 'Stage',
  created_date: 'Date',
  revenue: 'Revenue',
  probability: 'Probability',
  name: 'Name',
  company: 'Company',
  email: 'E-mail',
  phone: 'Phone',
  notes: 'Notes',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** An opportunity among its customer's others, in a choice: its number, stage and date. */
export function dealLabel(deal: Pick<OpportunityListRow, 'id' | 'stage' | 'created_date'>): string {
  return `#${deal.id} · ${deal.stage} · ${deal.created_date.slice(0, 10)}`;
}

/** Deal figures of a customer: what is open (weighted by probability) and what was won, in units (see domain/revenue). */
export interface DealTotals {
  count: number;
  openCount: number;
  openUnits: number;
  openWeightedUnits: number;
  wonUnits: number;
}

const CLOSED = new Set(['closed won', 'closed lost']);

/** An opportunity's revenue and weighted value in units, exact for sums (revenue × probability / 100). */
export function dealUnits(deal: Pick<OpportunityListRow, 'revenue' | 'probability'>): { units: number; weightedUnits: number } {
  const units = Math.round(deal.revenue * UNITS_PER_CURRENCY_UNIT);
  return { units, weightedUnits: (units * deal.probability) / 100 };
}

export function dealTotals(deals: readonly Pick<OpportunityListRow, 'revenue' | 'probability' | 'stage'>[]): DealTotals {
  const totals: DealTotals = { count: deals.length, openCount: 0, openUnits: 0, openWeightedUnits: 0, wonUnits: 0 };
  for (const deal of deals) {
    const { units, weightedUnits } = dealUnits(deal);
    if (deal.stage === 'closed won') totals.wonUnits += units;
    if (CLOSED.has(deal.stage)) continue;
    totals.openCount += 1;
    totals.openUnits += units;
    totals.openWeightedUnits += weightedUnits;
  }
  return totals;
}
