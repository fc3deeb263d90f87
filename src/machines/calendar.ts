import { and, assign, fromPromise, not, setup } from 'xstate';
import { addMonths, isShowable, monthOf, type Month } from '../domain/opportunities/calendar';
import { toOpportunityRows, type OpportunityRow, type YearData, type YearRequest } from '../domain/opportunities/rows';

export interface CalendarInput {
  tenantId: number;
  today: Date;
}

export interface CalendarContext extends CalendarInput {
  month: Month;
  /** The opportunities of the shown month's year: moving within the year loads nothing. */
  rows: readonly OpportunityRow[];
}

export type CalendarEvent = { type: 'month.previous' } | { type: 'month.next' } | { type: 'month.current' } | { type: 'data.retry' };

/**
 * The opportunity calendar (/calendar): a month at a time, from January 2025 to
 * the current month. A year is loaded when the calendar first shows one of its
 * months; moving to a month of another year loads that year.
 */
export const calendarMachine = setup({
  types: {
    input: {} as CalendarInput,
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadYear: fromPromise<YearData, YearRequest>(async () => {
      throw new Error('loadYear must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    previousMonth: assign(({ context }) => ({ month: addMonths(context.month, -1) })),
    nextMonth: assign(({ context }) => ({ month: addMonths(context.month, 1) })),
    currentMonth: assign(({ context }) => ({ month: monthOf(context.today) })),
    acceptYear: assign(({ context }, params: { data: YearData }) => ({ rows: toOpportunityRows(params.data, context.month.year) })),
    forgetYear: assign({ rows: [] }),
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
  context: ({ input }) => ({ ...input, month: monthOf(input.today), rows: [] }),
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
      invoke: {
        src: 'loadYear',
        input: ({ context }) => ({ tenantId: context.tenantId, year: context.month.year }),
        onDone: { target: 'ready', actions: { type: 'acceptYear', params: ({ event }) => ({ data: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    failed: { on: { 'data.retry': 'loading' } },
  },
});
