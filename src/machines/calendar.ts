import { and, assertEvent, assign, fromCallback, fromPromise, not, setup } from 'xstate';
import type { CalendarEvent } from '../api/client';
import { toEventRows, type EventRow } from '../domain/calendar/events';
import { addMonths, calendarSpan, clampToSpan, inSpan, isCalendarMonth, monthOf, type DayTotal, type Month, type MonthSpan } from '../domain/opportunities/calendar';
import type { YearRequest } from '../domain/opportunities/rows';

/** The opportunities of a year's days, counted and summed, by local day number. */
export type YearDays = ReadonlyMap<number, DayTotal>;

export interface CalendarInput {
  tenantId: number;
  today: Date;
  /** The month to open on (from /calendar?month=); the current month when absent or of a year the API does not keep. */
  month?: Month | null;
}

export interface CalendarContext extends Omit<CalendarInput, 'month'> {
  month: Month;
  /** The opportunities of each day of the shown month's year, counted and summed: moving within the year loads nothing. */
  days: YearDays;
  /** The calendar events of the shown month's year, loaded with its opportunities. */
  events: readonly EventRow[];
  /** The years holding the tenant's deals or events, as the API last said (none until it has). */
  dataYears: readonly number[];
}

export type CalendarMachineEvent =
  | { type: 'month.previous' }
  | { type: 'month.next' }
  | { type: 'month.current' }
  | { type: 'month.change'; monthIndex: number }
  | { type: 'year.change'; year: number }
  | { type: 'years.change'; years: readonly number[] }
  | { type: 'retry' };

/** The months the calendar offers now (see calendarSpan). */
export function spanOf(context: Pick<CalendarContext, 'today' | 'dataYears' | 'month'>): MonthSpan {
  return calendarSpan(context.today, context.dataYears, context.month);
}

const shownYear = ({ context }: { context: CalendarContext }): YearRequest => ({ tenantId: context.tenantId, year: context.month.year });
/** Either half of the month's data failing leaves no month to show. */
const loadFailed = {
  target: '#calendar.failed',
  actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

/**
 * The calendar (/calendar): a month at a time, from January 2025 to a year after
 * the current month and every year holding data (watched from the API while the
 * calendar is open), with the opportunities created (counted and summed) and the
 * events (meetings, appointments) of each day. A year is loaded when the calendar first shows one of
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
    loadYear: fromPromise<YearDays, YearRequest>(async () => {
      throw new Error('loadYear must be provided');
    }),
    loadEvents: fromPromise<readonly CalendarEvent[], YearRequest>(async () => {
      throw new Error('loadEvents must be provided');
    }),
    /** Sends years.change with the years holding data, now and whenever they change. */
    watchYears: fromCallback<CalendarMachineEvent, { tenantId: number }>(() => {
      throw new Error('watchYears must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    previousMonth: assign(({ context }) => ({ month: addMonths(context.month, -1) })),
    nextMonth: assign(({ context }) => ({ month: addMonths(context.month, 1) })),
    currentMonth: assign(({ context }) => ({ month: monthOf(context.today) })),
    chooseMonth: assign(({ context, event }) => {
      assertEvent(event, 'month.change');
      return { month: { year: context.month.year, monthIndex: event.monthIndex } };
    }),
    // The month stays where the chosen year offers it, else the nearest the calendar offers.
    chooseYear: assign(({ context, event }) => {
      assertEvent(event, 'year.change');
      return { month: clampToSpan({ year: event.year, monthIndex: context.month.monthIndex }, spanOf(context)) };
    }),
    acceptYears: assign(({ event }) => {
      assertEvent(event, 'years.change');
      return { dataYears: event.years };
    }),
    acceptYear: assign((_, params: { days: YearDays }) => ({ days: params.days })),
    acceptEvents: assign(({ context }, params: { events: readonly CalendarEvent[] }) => ({ events: toEventRows(params.events, context.month.year) })),
    forgetYear: assign({ days: new Map(), events: [] }),
  },
  guards: {
    hasPreviousMonth: ({ context }) => inSpan(addMonths(context.month, -1), spanOf(context)),
    hasNextMonth: ({ context }) => inSpan(addMonths(context.month, 1), spanOf(context)),
    offersMonth: ({ context, event }) => {
      assertEvent(event, 'month.change');
      return event.monthIndex !== context.month.monthIndex && inSpan({ year: context.month.year, monthIndex: event.monthIndex }, spanOf(context));
    },
    offersOtherYear: ({ context, event }) => {
      assertEvent(event, 'year.change');
      const span = spanOf(context);
      return event.year !== context.month.year && event.year >= span.first.year && event.year <= span.last.year;
    },
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
    month: input.month && isCalendarMonth(input.month) ? input.month : monthOf(input.today),
    days: new Map(),
    events: [],
    dataYears: [],
  }),
  invoke: { src: 'watchYears', input: ({ context }) => ({ tenantId: context.tenantId }) },
  initial: 'loading',
  on: {
    'years.change': { actions: 'acceptYears' },
    // A month of the year shown is already loaded; another year is loaded first.
    'month.change': { guard: 'offersMonth', actions: 'chooseMonth' },
    'year.change': { guard: 'offersOtherYear', target: '.loading', reenter: true, actions: 'chooseYear' },
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
                input: shownYear,
                onDone: { target: 'loaded', actions: { type: 'acceptYear', params: ({ event }) => ({ days: event.output }) } },
                onError: loadFailed,
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
                input: shownYear,
                onDone: { target: 'loaded', actions: { type: 'acceptEvents', params: ({ event }) => ({ events: event.output }) } },
                onError: loadFailed,
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
