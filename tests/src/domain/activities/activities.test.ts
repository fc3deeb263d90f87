import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Activity } from '../../../../src/api/client';
import { ACTIVITY_KINDS, isOverdue } from '../../../../src/domain/activities/activity';
import {
  activityFormOf,
  activityProblems,
  activityWriteOf,
  newActivityForm,
  writeOfActivity,
  type ActivityForm,
} from '../../../../src/domain/activities/editor';
import { countsByFilter, matchesFilter, matchesSearch, type ActivityFilter } from '../../../../src/domain/activities/list-view';

/*
 * Activities are scheduled in the browser's local time and stored as instants;
 * these run in several time zones.
 */

const NOW = Date.UTC(2026, 5, 15, 12, 0);
const MINUTE = 60_000;

const activity = (overrides: Partial<Activity> = {}): Activity => ({
  id: 1,
  kind: 'call',
  subject: 'Discovery call with Acme',
  due_at: '2026-06-16T09:30:00.000Z',
  duration_minutes: 30,
  done: false,
  salesperson_id: 3,
  salesperson_name: 'Grace Hopper',
  opportunity_id: 7,
  customer: 'Acme Corp',
  notes: '',
  created_at: '2026-06-01T08:00:00.000Z',
  ...overrides,
});

const validForm = (overrides: Partial<ActivityForm> = {}): ActivityForm => ({
  kind: 'meeting',
  subject: 'Quarterly review',
  dueDate: '2026-07-01',
  dueTime: '14:30',
  duration: '60',
  salespersonId: '3',
  opportunityId: '',
  notes: '',
  done: false,
  ...overrides,
});

// Whole minutes from 1971 to 9998, so that the local date stays within the server's years in any zone.
const instantArbitrary = fc
  .integer({ min: Date.UTC(1971, 0, 1) / MINUTE, max: Date.UTC(9998, 11, 31) / MINUTE })
  .map((minutes) => new Date(minutes * MINUTE).toISOString());

const activityArbitrary = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  kind: fc.constantFrom(...ACTIVITY_KINDS.map((entry) => entry.kind)),
  subject: fc.constantFrom('Call Acme', 'Send the proposal', 'Contract due', 'Demo for Initech'),
  due_at: fc.integer({ min: NOW - 30 * 24 * 60 * MINUTE, max: NOW + 30 * 24 * 60 * MINUTE }).map((ms) => new Date(ms).toISOString()),
  duration_minutes: fc.option(fc.integer({ min: 0, max: 1440 })),
  done: fc.boolean(),
  salesperson_id: fc.constantFrom(3, 4),
  salesperson_name: fc.constantFrom('Grace Hopper', 'Alan Turing'),
  opportunity_id: fc.option(fc.integer({ min: 1, max: 50 })),
  customer: fc.option(fc.constantFrom('Acme Corp', 'Initech')),
  notes: fc.constant(''),
  created_at: fc.constant('2026-01-01T00:00:00.000Z'),
});

describe('overdue', () => {
  test('an activity not done and due before now is overdue; due now, later, or done is not', () => {
    expect(isOverdue(activity({ due_at: new Date(NOW - MINUTE).toISOString() }), NOW)).toBe(true);
    expect(isOverdue(activity({ due_at: new Date(NOW).toISOString() }), NOW)).toBe(false);
    expect(isOverdue(activity({ due_at: new Date(NOW + MINUTE).toISOString() }), NOW)).toBe(false);
    expect(isOverdue(activity({ due_at: new Date(NOW - MINUTE).toISOString(), done: true }), NOW)).toBe(false);
  });

  test('the same activity becomes overdue as the clock passes its due time', () => {
    const due = activity({ due_at: '2026-06-15T12:30:00.000Z' });
    expect(isOverdue(due, Date.parse('2026-06-15T12:29:59Z'))).toBe(false);
    expect(isOverdue(due, Date.parse('2026-06-15T12:30:01Z'))).toBe(true);
  });
});

describe('the list views', () => {
  // The slow, obvious reading of the views, to compare against.
  const reference = (activities: Activity[], filter: ActivityFilter, search: string, now: number) =>
    activities.filter((a) => {
      const due = new Date(a.due_at).getTime();
      const inView = { todo: !a.done, overdue: !a.done && due < now, done: a.done, all: true }[filter];
      const needle = search.trim().toLowerCase();
      const kind = { call: 'call', meeting: 'meeting', email: 'e-mail', task: 'task', deadline: 'deadline' }[a.kind];
      const text = `${a.subject}\n${kind}\n${a.salesperson_name}\n${a.customer ?? ''}`.toLowerCase();
      return inView && text.split('\n').some((part) => part.includes(needle));
    });

  test.prop([fc.array(activityArbitrary, { maxLength: 30 }), fc.constantFrom<ActivityFilter>('todo', 'overdue', 'done', 'all'), fc.constantFrom('', 'acme', ' GRACE ', 'e-mail', 'zzz')])(
    'To do, Overdue, Done and All with the search show exactly what the reference reading shows, in order',
    (activities, filter, search) => {
      expect(activities.filter((a) => matchesFilter(a, filter, NOW) && matchesSearch(a, search))).toEqual(reference(activities, filter, search, NOW));
    },
  );

  test.prop([fc.array(activityArbitrary, { maxLength: 30 })])('To do is Overdue plus what is not yet due; All is To do plus Done', (activities) => {
    const counts = countsByFilter(activities, NOW);
    const upcoming = activities.filter((a) => !a.done && Date.parse(a.due_at) >= NOW).length;
    expect(counts.todo).toBe(counts.overdue + upcoming);
    expect(counts.all).toBe(counts.todo + counts.done);
    expect(counts.all).toBe(activities.length);
  });
});

describe('the form and the API', () => {
  test.prop([instantArbitrary])('a stored due time shows as a local date and time that saves back to the same wall-clock time', (due_at) => {
    const form = activityFormOf(activity({ due_at }));
    const saved = activityWriteOf(form);
    expect(activityFormOf(activity({ due_at: saved.due_at }))).toEqual(form);
    // Only an hour that the clocks repeat (daylight saving ends) can name two instants.
    expect(Math.abs(Date.parse(saved.due_at) - Date.parse(due_at))).toBeLessThanOrEqual(60 * MINUTE);
  });

  test('an activity read into the form and saved unchanged gives the same body back', () => {
    const stored = activity({ due_at: '2026-06-16T09:30:00.000Z', duration_minutes: null, opportunity_id: null, customer: null, notes: 'Call back.' });
    expect(activityWriteOf(activityFormOf(stored))).toEqual(writeOfActivity(stored));
    expect(writeOfActivity(stored)).toEqual({
      kind: 'call',
      subject: 'Discovery call with Acme',
      due_at: '2026-06-16T09:30:00.000Z',
      duration_minutes: null,
      done: false,
      salesperson_id: 3,
      opportunity_id: null,
      notes: 'Call back.',
    });
  });

  test('the form sends the local date and time as an instant, a blank duration as null, and a trimmed subject', () => {
    const body = activityWriteOf(validForm({ subject: '  Review  ', duration: '', opportunityId: '12', done: true }));
    expect(body).toEqual({
      kind: 'meeting',
      subject: 'Review',
      due_at: new Date(2026, 6, 1, 14, 30).toISOString(),
      duration_minutes: null,
      done: true,
      salesperson_id: 3,
      opportunity_id: 12,
      notes: '',
    });
  });

  test('a new activity is a call due at the next full hour, for the salesperson given', () => {
    const now = new Date(2026, 5, 15, 10, 20);
    expect(newActivityForm(now, 4)).toMatchObject({ kind: 'call', dueDate: '2026-06-15', dueTime: '11:00', salespersonId: '4', done: false });
    expect(newActivityForm(new Date(2026, 11, 31, 23, 5))).toMatchObject({ dueDate: '2027-01-01', dueTime: '00:00', salespersonId: '' });
  });
});

describe('validation', () => {
  test.each([
    [{ subject: '   ' }, 'subject', 'Subject is required.'],
    [{ subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters.'],
    [{ dueDate: '' }, 'dueDate', 'Due date is required.'],
    [{ dueDate: '2026-02-30' }, 'dueDate', 'Due date must be a valid date from 1970 to 9999.'],
    [{ dueDate: '1969-06-01' }, 'dueDate', 'Due date must be a valid date from 1970 to 9999.'],
    [{ dueTime: '' }, 'dueTime', 'Due time is required.'],
    [{ dueTime: '24:00' }, 'dueTime', 'Due time must be a valid time, such as 09:30.'],
    [{ duration: '1441' }, 'duration', 'Duration must be a whole number of minutes from 0 to 1440.'],
    [{ duration: '1.5' }, 'duration', 'Duration must be a whole number of minutes from 0 to 1440.'],
    [{ duration: '-5' }, 'duration', 'Duration must be a whole number of minutes from 0 to 1440.'],
    [{ salespersonId: '' }, 'salespersonId', 'Salesperson is required.'],
    [{ notes: 'n'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters.'],
  ])('%o is refused under %s: %s', (change, field, message) => {
    expect(activityProblems(validForm(change))).toEqual([{ field, message }]);
  });

  test('every problem at once, in the order of the fields', () => {
    expect(activityProblems(validForm({ subject: '', dueDate: '', salespersonId: '' }))).toEqual([
      { field: 'subject', message: 'Subject is required.' },
      { field: 'dueDate', message: 'Due date is required.' },
      { field: 'salespersonId', message: 'Salesperson is required.' },
    ]);
    expect(activityProblems(validForm({ dueTime: 'soon', duration: 'long' }))).toEqual([
      { field: 'dueTime', message: 'Due time must be a valid time, such as 09:30.' },
      { field: 'duration', message: 'Duration must be a whole number of minutes from 0 to 1440.' },
    ]);
  });

  test('a complete form, with or without duration and opportunity, has no problem', () => {
    expect(activityProblems(validForm())).toEqual([]);
    expect(activityProblems(validForm({ duration: '', opportunityId: '9' }))).toEqual([]);
    expect(activityProblems(validForm({ duration: '0' }))).toEqual([]);
    expect(activityProblems(validForm({ duration: '1440', notes: 'n'.repeat(2000) }))).toEqual([]);
  });
});
