import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { newOpportunityForm, opportunityFormOf, opportunityWriteOf, type OpportunityForm } from '../../../../src/domain/opportunities/editor';
import { dayNumberOf, dayNumberOfLocalDate } from '../../../../src/domain/revenue/calendar';
import { localDayOfCreatedDate } from '../../../../src/domain/revenue/prepare';

/*
 * The editor's Date is a local calendar day, and the dashboard buckets a
 * created_date by its local day. These run in several time zones.
 */

const form: OpportunityForm = {
  customer: 'Acme Corp',
  salespersonId: '3',
  stage: 'proposal',
  date: '2026-03-05',
  createdAt: null,
  revenue: '100',
  probability: '50',
  locale: 'en',
};

const dayArbitrary = fc.record({
  year: fc.integer({ min: 1971, max: 9998 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});
const text = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const instantArbitrary = fc
  .date({ min: new Date('1970-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

describe('the date of an opportunity', () => {
  test.prop([dayArbitrary])('a chosen day is saved as an instant the dashboard puts on that same local day', (day) => {
    const saved = opportunityWriteOf({ ...form, date: text(day) }).created_date;
    expect(localDayOfCreatedDate(saved)).toBe(dayNumberOfLocalDate(day.year, day.month - 1, day.day));
  });

  test.prop([instantArbitrary])('the form shows the local day the dashboard counts a stored opportunity on', (createdDate) => {
    const shown = opportunityFormOf({ id: 1, customer: 'Acme', salesperson_id: 3, stage: 'proposal', created_date: createdDate, revenue: 1, probability: 1 }, 'en').date;
    const [year, month, day] = shown.split('-').map(Number) as [number, number, number];
    expect(dayNumberOfLocalDate(year, month - 1, day)).toBe(localDayOfCreatedDate(createdDate));
  });

  test.prop([instantArbitrary, dayArbitrary])('moving a stored opportunity to another day saves that day; keeping the day keeps the instant', (createdDate, day) => {
    const opened = opportunityFormOf({ id: 1, customer: 'Acme', salesperson_id: 3, stage: 'proposal', created_date: createdDate, revenue: 1, probability: 1 }, 'en');
    expect(opportunityWriteOf(opened).created_date).toBe(createdDate);
    const moved = opportunityWriteOf({ ...opened, date: text(day) }).created_date;
    expect(localDayOfCreatedDate(moved)).toBe(dayNumberOfLocalDate(day.year, day.month - 1, day.day));
  });

  test.prop([fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true })])(
    "adding starts on today's local date",
    (now) => {
      const { date } = newOpportunityForm(now, undefined, 'en');
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      expect(dayNumberOfLocalDate(year, month - 1, day)).toBe(dayNumberOf(now));
    },
  );
});
