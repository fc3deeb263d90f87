import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CalendarEvent } from '../api/client';
import { toEventRows, type EventRow } from '../domain/calendar/events';
import { addMonths, isShowable, monthOf, type Month } from '../domain/opportunities/calendar';
import { toOpportunityRows, type OpportunityRow, type YearData, type YearRequest } from '../domain/opportunities/rows';

export interface CalendarInput {
  tenantId: number;
  today: Date;
  /** The month to open on (from /calendar?month=); the current month when absent or not showable. */
  month?: Month | null;
}

export interface CalendarContext extends Omit<CalendarInput, 'month'> {
  month: Month;
  /** The opportunities of the shown month's year: moving within the year loads nothing. */
  rows: readonly OpportunityRow[];
  /** The calendar events of the shown month's year, loaded with its opportunities. */
  events: readonly EventRow[];
}

export type CalendarMachineEvent = { type: 'month.previous' } | { type: 'month.next' } | { type: 'month.current' } | { type: 'retry' };

/**
 * The calendar (/calendar): a month at a time, from January 2025 to a year after
 * the current month, with the opportunities created and the events (meetings,
 * appointments) of each day. A year is loaded when the calendar first shows one of
 * its months, its opportunities and its events side by side; moving to a month of
 * another year loads that year. Either load failing fails the year.
 */
export const calendarMachine = setup({
  types: {
    input: {} as CalendarInput,
    context: {} as CalendarContext,
    events: {} as CalendarMachineEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadYear: fromPromise<YearData, YearRequest>(async () => {
      throw new Error('loadYear must be provided');
    }),
    loadEvents: fromPromise<readonly CalendarEvent[], YearRequest>(async () => {
      throw new Error('loadEvents must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    previousMonth: assign(({ context }) => ({ month: addMonths(context.month, -1) })),
    nextMonth: assign(({ context }) => ({ month: addMonths(context.month, 1) })),
    currentMonth: assign(({ context }) => ({ month: monthOf(context.today) })),
    acceptYear: assign(({ context }, params: { data: YearData }) => ({ rows: toOpportunityRows(params.data, context.month.year) })),
    acceptEvents: assign(({ context }, params: { events: readonly CalendarEvent[] }) => ({ events: toEventRows(params.events, context.month.year) })),
    forgetYear: assign({ rows: [], events: [] }),
  },
  guards: {
    hasPreviousMonth: ({ context }) => isShowable(addMonths(context.month, -1), context.today),
    hasNextMonth: ({ context }) => isShowable(addMonths(context.month, 1), context.today),
    previousMonthInYear: ({ context }) => addMonths(context.month, -1).year === context.month.year,
    nextMonthInYear: ({ context }) => addMonths(context.month, 1).year === context.month.year,
    showsCurrentMonth: ({ context }) => {
      const current = monthOf(context.today);
      return context.month.year === current.year && context.month.monthIndex === current.monthIndex;
    },
    currentMonthInYear: ({ context }) => context.month.year === context.today.getFullYear(),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    today: input.today,
    month: input.month && isShowable(input.month, input.today) ? input.month : monthOf(input.today),
    rows: [],
    events: [],
  }),
  initial: 'loading',
  on: {
    'month.previous': [
      { guard: and(['hasPreviousMonth', 'previousMonthInYear']), actions: 'previousMonth' },
      { guard: 'hasPreviousMonth', target: '.loading', reenter: true, actions: 'previousMonth' },
    ],
    'month.next': [
      { guard: and(['hasNextMonth', 'nextMonthInYear']), actions: 'nextMonth' },
      { guard: 'hasNextMonth', target: '.loading', reenter: true, actions: 'nextMonth' },
    ],
    'month.current': [
      { guard: and([not('showsCurrentMonth'), 'currentMonthInYear']), actions: 'currentMonth' },
      { guard: not('showsCurrentMonth'), target: '.loading', reenter: true, actions: 'currentMonth' },
    ],
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'forgetYear',
      type: 'parallel',
      states: {
        opportunities: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadYear',
                input: ({ context }) => ({ tenantId: context.tenantId, year: context.month.year }),
                onDone: { target: 'loaded', actions: { type: 'acceptYear', params: ({ event }) => ({ data: event.output }) } },
                onError: { target: '#calendar.failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: { type: 'final' },
          },
        },
        events: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadEvents',
                input: ({ context }) => ({ tenantId: context.tenantId, year: context.month.year }),
                onDone: { target: 'loaded', actions: { type: 'acceptEvents', params: ({ event }) => ({ events: event.output }) } },
                onError: { target: '#calendar.failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: { type: 'final' },
          },
        },
      },
      onDone: 'ready',
    },
    ready: {},
    failed: { on: { 'retry': 'loading' } },
  },
});
