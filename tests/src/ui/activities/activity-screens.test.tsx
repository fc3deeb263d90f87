// @vitest-environment jsdom
import { act, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type Activity } from '../../../../src/api/client';
import ActivityEditorScreen from '../../../../src/ui/activities/ActivityEditorScreen';
import ActivityListScreen from '../../../../src/ui/activities/ActivityListScreen';
import { ServicesProvider } from '../../../../src/ui/kit/services';
import { heldServices, json, screenRoot, type Answer } from '../../../support/screen-harness.ts';


const screen = screenRoot();
const { until } = screen;

const byRole = (role: string) => [...screen.container.querySelectorAll(`[role="${role}"]`)].map((element) => element.textContent ?? '');

function render(Screen: ComponentType, answers: Record<string, Answer>, path = '/activity') {
  window.history.replaceState(null, '', path);
  const { services, release } = heldServices(answers, { tenant_id: 1, role_id: 3, email: 'grace@demo.test' });
  screen.render(
    <ServicesProvider services={services}>
      <Screen />
    </ServicesProvider>,
  );
  return { release };
}

const activity = (overrides: Partial<Activity>): Activity => ({
  id: 5,
  kind: 'call',
  subject: 'Call Acme',
  due_at: '2020-01-02T09:00:00.000Z',
  duration_minutes: 30,
  done: false,
  salesperson_id: 3,
  salesperson_name: 'Grace Hopper',
  opportunity_id: 7,
  customer: 'Acme Corp',
  notes: '',
  created_at: '2020-01-01T00:00:00.000Z',
  ...overrides,
});

const LIST = 'GET /api/activities/getAllData/1';

describe('the activity list', () => {
  test('says it is loading, then, for a tenant without activities, how to add the first', async () => {
    const { release } = render(ActivityListScreen, { [LIST]: json([]) });
    expect(byRole('status')).toContain('Loading activities');
    await release();
    await until(() => byRole('status').some((status) => status.startsWith('There are no activities yet.')));
    expect(screen.container.querySelector('a[href="/add-Activity"]')?.textContent).toBe('Add Activity');
  });

  test('says when the activities could not be loaded, and loads them on Try again', async () => {
    let attempts = 0;
    const { release } = render(ActivityListScreen, { [LIST]: () => (++attempts === 1 ? json({ message: 'Down' }, 503)() : json([activity({})])()) });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('The activities could not be loaded.')));
    act(() => (screen.container.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await until(() => screen.container.querySelector('tbody a') !== null);
  });

  test('shows an overdue activity with the word Overdue, its subject opening Edit Activity, and its customer', async () => {
    const upcoming = activity({ id: 6, subject: 'Demo for Initech', due_at: '2999-01-01T09:00:00.000Z', opportunity_id: null, customer: null });
    const { release } = render(ActivityListScreen, { [LIST]: json([activity({}), upcoming]) });
    await release();
    await until(() => screen.container.querySelectorAll('tbody tr').length === 2);
    const [overdueRow, upcomingRow] = [...screen.container.querySelectorAll('tbody tr')];
    expect(overdueRow!.textContent).toContain('Overdue');
    expect(overdueRow!.textContent).toContain('Acme Corp');
    expect(overdueRow!.querySelector('a')?.getAttribute('href')).toBe('/edit-Activity/5');
    expect(overdueRow!.querySelector('input[type="checkbox"]')?.getAttribute('aria-label')).toBe('Done: Call Acme');
    expect(upcomingRow!.textContent).not.toContain('Overdue');
    expect([...screen.container.querySelectorAll('[aria-pressed="true"]')].map((button) => button.textContent)).toEqual(['To do 2']);
  });

  test('marking one done sends the whole activity with done set, and keeps the row', async () => {
    const bodies: unknown[] = [];
    const { release } = render(ActivityListScreen, {
      [LIST]: json([activity({})]),
      'PUT /api/activities/5': async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json({ ...activity({}), ...body })();
      },
    });
    await release();
    await until(() => screen.container.querySelector('tbody input[type="checkbox"]') !== null);
    act(() => (screen.container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).click());
    await until(() => bodies.length === 1 && !(screen.container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).disabled);
    expect(bodies[0]).toMatchObject({ kind: 'call', subject: 'Call Acme', due_at: '2020-01-02T09:00:00.000Z', done: true, salesperson_id: 3, opportunity_id: 7 });
    expect((screen.container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
  });
});

describe('the activity editor', () => {
  const choices = {
    'GET /api/salespersons/getAllData/1': json([
      { id: 3, name: 'Grace Hopper', email: 'grace@demo.test', phone: '', mobile: '', latest_login: null, status: 1 },
      { id: 4, name: 'Alan Turing', email: 'alan@demo.test', phone: '', mobile: '', latest_login: null, status: 1 },
    ]),
  };

  test("an id the API does not know shows the fallback page", async () => {
    const { release } = render(ActivityEditorScreen, choices, '/edit-Activity/99');
    await release();
    await until(() => screen.container.querySelector('h1')?.textContent === 'Page Not Found');
  });

  test('Add Activity opens with the signed-in salesperson chosen', async () => {
    const { release } = render(ActivityEditorScreen, choices, '/add-Activity');
    expect(byRole('status')).toContain('Loading the activity');
    await release();
    await until(() => screen.container.querySelector('form') !== null);
    expect(screen.container.querySelector('h1')?.textContent).toBe('Add Activity');
    const salesperson = [...screen.container.querySelectorAll('label')].find((label) => label.textContent === 'Salesperson')!;
    expect((document.getElementById(salesperson.htmlFor) as HTMLInputElement).value).toBe('Grace Hopper');
  });

  test('Edit Activity shows the stored activity and names its opportunity, of whatever year, without loading the others', async () => {
    const linked = { 'GET /api/opportunities/7': json({ id: 7, customer: 'Acme Corp', stage: 'proposal', created_date: '2024-02-03T10:00:00.000Z', revenue: 1000, probability: 30, salesperson_id: 3 }) };
    const { release } = render(ActivityEditorScreen, { ...choices, ...linked, 'GET /api/activities/5': json(activity({})) }, '/edit-Activity/5');
    await release();
    await until(() => screen.container.querySelector('form') !== null);
    const field = (name: string) => {
      const label = [...screen.container.querySelectorAll('label')].find((candidate) => candidate.textContent === name)!;
      return document.getElementById(label.htmlFor) as HTMLInputElement;
    };
    expect(field('Subject').value).toBe('Call Acme');
    expect(field('Opportunity').getAttribute('role')).toBe('combobox');
    expect(field('Opportunity').value).toBe('Acme Corp — 3 Feb 2024');
  });

  test('an opportunity the API cannot name (it lacks opportunity records) is named by its customer', async () => {
    const { release } = render(ActivityEditorScreen, { ...choices, 'GET /api/activities/5': json(activity({})) }, '/edit-Activity/5');
    await release();
    await until(() => screen.container.querySelector('form') !== null);
    const label = [...screen.container.querySelectorAll('label')].find((candidate) => candidate.textContent === 'Opportunity')!;
    expect((document.getElementById(label.htmlFor) as HTMLInputElement).value).toBe('Acme Corp');
  });
});
