import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { CalendarEvent, Opportunity } from '../../../src/api/client';
import { dayTotals, type Month } from '../../../src/domain/opportunities/calendar';
import { toOpportunityRows, type YearRequest } from '../../../src/domain/opportunities/rows';
import { dayNumberOfDateText } from '../../../src/domain/revenue/calendar';
import { calendarMachine, type CalendarMachineEvent, type YearDays } from '../../../src/machines/calendar';
import { makeOpportunity, SALESPERSONS } from '../../support/fixtures/opportunities';

const byYear: Record<number, Opportunity[]> = {
  2025: [makeOpportunity({ created_date: '2025-12-24T12:00:00.000Z' })],
  2026: [makeOpportunity({ created_date: '2026-01-05T12:00:00.000Z' }), makeOpportunity({ created_date: '2026-02-10T12:00:00.000Z' })],
};

const eventsByYear: Record<number, CalendarEvent[]> = {
  2026: [
    { id: 1, title: 'Kick-off', starts_at: '2026-02-10T09:00:00.000Z', ends_at: '2026-02-10T10:00:00.000Z', all_day: false, location: '', salesperson_id: null, notes: '' },
  ],
};
const answerEvents = vi.fn(async ({ year }: YearRequest) => eventsByYear[year] ?? []);

/** What the app's store of years holding data tells the calendar, as it would: whenever they change. */
const yearsStore = { watchers: [] as Array<{ tenantId: number }>, tell: (_years: number[]) => {} };

function start(
  load: (request: YearRequest) => Promise<YearDays>,
  today = new Date(2026, 1, 15),
  logError = vi.fn(),
  loadEvents: (request: YearRequest) => Promise<CalendarEvent[]> = answerEvents,
  month: Month | null = null,
) {
  const actor = createActor(
    calendarMachine.provide({
      actors: {
        loadYear: fromPromise(({ input }) => load(input)),
        loadEvents: fromPromise(({ input }) => loadEvents(input)),
        watchYears: fromCallback<CalendarMachineEvent, { tenantId: number }>(({ sendBack, input }) => {
          yearsStore.watchers.push(input);
          yearsStore.tell = (years) => sendBack({ type: 'years.change', years });
        }),
      },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3, today, month } },
  );
  actor.start();
  return actor;
}

/** The year's days as the server sums them (its answer is held to dayTotals by tests/server/calendar-events.test.ts). */
const answer = vi.fn(async ({ year }: YearRequest) => dayTotals(toOpportunityRows({ opportunities: byYear[year] ?? [], salespersons: SALESPERSONS }, year)));

describe('the calendar', () => {
  test("opens on the current month with its year's opportunities and events, loaded side by side", async () => {
    answer.mockClear();
    answerEvents.mockClear();
    let finishEvents: (events: CalendarEvent[]) => void = () => {};
    const actor = start(answer, undefined, undefined, async (request) => {
      answerEvents(request);
      return new Promise((resolve) => (finishEvents = resolve));
    });
    // The opportunities are in; the year waits for its events.
    await waitFor(actor, (state) => state.context.days.size === 2);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(answerEvents).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    finishEvents(eventsByYear[2026]!);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.month).toEqual({ year: 2026, monthIndex: 1 });
    expect(answer).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    expect(ready.context.days.size).toBe(2);
    expect(ready.context.events.map((event) => event.title)).toEqual(['Kick-off']);
  });

  test('opens on the month of its address when the calendar can show it', async () => {
    const july = await waitFor(start(answer, undefined, undefined, undefined, { year: 2026, monthIndex: 6 }), (state) => state.matches('ready'));
    expect(july.context.month).toEqual({ year: 2026, monthIndex: 6 });
    // An address may name any month of the years the API keeps: a link to an event of 2031, say.
    const far = await waitFor(start(answer, undefined, undefined, undefined, { year: 2031, monthIndex: 6 }), (state) => state.matches('ready'));
    expect(far.context.month).toEqual({ year: 2031, monthIndex: 6 });
    const tooEarly = await waitFor(start(answer, undefined, undefined, undefined, { year: 1969, monthIndex: 6 }), (state) => state.matches('ready'));
    expect(tooEarly.context.month).toEqual({ year: 2026, monthIndex: 1 });
  });

  test('offers every year holding data as the API tells it: an event of 2031 or 2023 is a year choice away, and every month between', async () => {
    yearsStore.watchers.length = 0;
    const actor = start(answer);
    await waitFor(actor, (state) => state.matches('ready'));
    expect(yearsStore.watchers).toEqual([{ tenantId: 3 }]);
    expect(actor.getSnapshot().can({ type: 'year.change', year: 2031 })).toBe(false);
    yearsStore.tell([2023, 2026, 2031]);
    expect(actor.getSnapshot().context.dataYears).toEqual([2023, 2026, 2031]);
    actor.send({ type: 'year.change', year: 2031 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const far = await waitFor(actor, (state) => state.matches('ready'));
    expect(far.context.month).toEqual({ year: 2031, monthIndex: 1 });
    expect(answerEvents).toHaveBeenLastCalledWith({ tenantId: 3, year: 2031 });
    actor.send({ type: 'month.change', monthIndex: 11 });
    expect(actor.getSnapshot().context.month).toEqual({ year: 2031, monthIndex: 11 });
    expect(actor.getSnapshot().can({ type: 'month.next' })).toBe(false);
    actor.send({ type: 'year.change', year: 2023 });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'month.change', monthIndex: 0 });
    expect(actor.getSnapshot().context.month).toEqual({ year: 2023, monthIndex: 0 });
    expect(actor.getSnapshot().can({ type: 'month.previous' })).toBe(false);
    actor.send({ type: 'month.next' });
    expect(actor.getSnapshot().context.month).toEqual({ year: 2023, monthIndex: 1 });
  });

  test('a chosen month of the year shown loads nothing; a chosen year keeps the month where it can, else the nearest offered', async () => {
    answer.mockClear();
    const actor = start(answer, new Date(2026, 1, 15), undefined, undefined, { year: 2026, monthIndex: 10 });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'month.change', monthIndex: 3 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.month).toEqual({ year: 2026, monthIndex: 3 });
    expect(answer).toHaveBeenCalledTimes(1);
    actor.send({ type: 'month.change', monthIndex: 10 });
    // Twelve months after February 2026 is February 2027: November of 2027 is not offered.
    actor.send({ type: 'year.change', year: 2027 });
    const next = await waitFor(actor, (state) => state.matches('ready'));
    expect(next.context.month).toEqual({ year: 2027, monthIndex: 1 });
    expect(next.can({ type: 'month.change', monthIndex: 0 })).toBe(true);
    expect(next.can({ type: 'month.change', monthIndex: 2 })).toBe(false);
    expect(next.can({ type: 'year.change', year: 2024 })).toBe(false);
  });

  test('a failed load of the events fails the year, is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(answer, undefined, logError, async (request) => {
      attempt += 1;
      if (attempt === 1) throw new Error('events offline');
      return answerEvents(request);
    });
    const failed = await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('events offline'));
    expect(failed.context.events).toEqual([]);
    actor.send({ type: 'retry' });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.events).toHaveLength(1);
  });

  test('moving within the year loads nothing; crossing into another year loads that year', async () => {
    answer.mockClear();
    const actor = start(answer);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'month.previous' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.month).toEqual({ year: 2026, monthIndex: 0 });
    expect(answer).toHaveBeenCalledTimes(1);
    actor.send({ type: 'month.previous' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const december = await waitFor(actor, (state) => state.matches('ready'));
    expect(december.context.month).toEqual({ year: 2025, monthIndex: 11 });
    expect(answer).toHaveBeenLastCalledWith({ tenantId: 3, year: 2025 });
    expect([...december.context.days.keys()]).toEqual([dayNumberOfDateText('2025-12-24')]);
    expect(answerEvents).toHaveBeenLastCalledWith({ tenantId: 3, year: 2025 });
    expect(december.context.events).toEqual([]);
    actor.send({ type: 'month.current' });
    const back = await waitFor(actor, (state) => state.matches('ready'));
    expect(back.context.month).toEqual({ year: 2026, monthIndex: 1 });
  });

  test('shows no month more than twelve after the current one, nor before January 2025', async () => {
    const actor = start(answer, new Date(2025, 1, 3), undefined, undefined, { year: 2026, monthIndex: 1 });
    const last = await waitFor(actor, (state) => state.matches('ready'));
    expect(last.can({ type: 'month.next' })).toBe(false);
    actor.send({ type: 'month.current' });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.month).toEqual({ year: 2025, monthIndex: 1 });
    expect(ready.can({ type: 'month.next' })).toBe(true);
    expect(ready.can({ type: 'month.current' })).toBe(false);
    actor.send({ type: 'month.previous' });
    expect(actor.getSnapshot().context.month).toEqual({ year: 2025, monthIndex: 0 });
    expect(actor.getSnapshot().can({ type: 'month.previous' })).toBe(false);
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(
      async (request) => {
        attempt += 1;
        if (attempt === 1) throw new Error('offline');
        return answer(request);
      },
      undefined,
      logError,
    );
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
