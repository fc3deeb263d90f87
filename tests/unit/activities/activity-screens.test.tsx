// @vitest-environment jsdom
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { createCrmClient, type Activity } from '../../../src/api/client';
import type { AppServices } from '../../../src/platform/session-runtime';
import ActivityEditorScreen from '../../../src/ui/activities/ActivityEditorScreen';
import ActivityListScreen from '../../../src/ui/activities/ActivityListScreen';
import { ServicesProvider } from '../../../src/ui/app/services';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Answer = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A signed-in salesperson of tenant 1, and an API whose answers the test sets per method and path; each waits for `release`. */
function servicesWith(answers: Record<string, Answer>, gate: Promise<void>): AppServices {
  const fetch = async (request: Request) => {
    await gate;
    const answer = answers[`${request.method} ${new URL(request.url).pathname}`];
    return answer ? answer(request) : json({ message: 'Not found' }, 404)();
  };
  const api = createCrmClient({
    baseUrl: 'http://crm.test',
    fetch: fetch as typeof globalThis.fetch,
    hooks: { accessToken: async () => 'token', tokenMissing() {}, tokenRejected() {}, showError() {} },
  });
  const session = createActor(fromTransition((state) => state, { profile: { tenant_id: 1, role_id: 3, email: 'grace@demo.test' } })).start();
  return { session, api, quietApi: api, publicApi: api } as unknown as AppServices;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(condition(), container.textContent ?? '').toBe(true);
}

const byRole = (role: string) => [...container.querySelectorAll(`[role="${role}"]`)].map((element) => element.textContent ?? '');

function render(Screen: ComponentType, answers: Record<string, Answer>, path = '/activity') {
  window.history.replaceState(null, '', path);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  act(() =>
    root.render(
      <ServicesProvider services={servicesWith(answers, gate)}>
        <Screen />
      </ServicesProvider>,
    ),
  );
  return { release: () => act(async () => release()) };
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
    expect(container.querySelector('a[href="/add-Activity"]')?.textContent).toBe('Add Activity');
  });

  test('says when the activities could not be loaded, and loads them on Try again', async () => {
    let attempts = 0;
    const { release } = render(ActivityListScreen, { [LIST]: () => (++attempts === 1 ? json({ message: 'Down' }, 503)() : json([activity({})])()) });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('The activities could not be loaded.')));
    act(() => (container.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await until(() => container.querySelector('tbody a') !== null);
  });

  test('shows an overdue activity with the word Overdue, its subject opening Edit Activity, and its customer', async () => {
    const upcoming = activity({ id: 6, subject: 'Demo for Initech', due_at: '2999-01-01T09:00:00.000Z', opportunity_id: null, customer: null });
    const { release } = render(ActivityListScreen, { [LIST]: json([activity({}), upcoming]) });
    await release();
    await until(() => container.querySelectorAll('tbody tr').length === 2);
    const [overdueRow, upcomingRow] = [...container.querySelectorAll('tbody tr')];
    expect(overdueRow!.textContent).toContain('Overdue');
    expect(overdueRow!.textContent).toContain('Acme Corp');
    expect(overdueRow!.querySelector('a')?.getAttribute('href')).toBe('/edit-Activity/5');
    expect(overdueRow!.querySelector('input[type="checkbox"]')?.getAttribute('aria-label')).toBe('Done: Call Acme');
    expect(upcomingRow!.textContent).not.toContain('Overdue');
    expect([...container.querySelectorAll('[aria-pressed="true"]')].map((button) => button.textContent)).toEqual(['To do 2']);
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
    await until(() => container.querySelector('tbody input[type="checkbox"]') !== null);
    act(() => (container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).click());
    await until(() => bodies.length === 1 && !(container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).disabled);
    expect(bodies[0]).toMatchObject({ kind: 'call', subject: 'Call Acme', due_at: '2020-01-02T09:00:00.000Z', done: true, salesperson_id: 3, opportunity_id: 7 });
    expect((container.querySelector('tbody input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
  });
});

describe('the activity editor', () => {
  const choices = {
    'GET /api/salespersons/getAllData/1': json([
      { id: 3, name: 'Grace Hopper', email: 'grace@demo.test', phone: '', mobile: '', latest_login: null, status: 1 },
      { id: 4, name: 'Alan Turing', email: 'alan@demo.test', phone: '', mobile: '', latest_login: null, status: 1 },
    ]),
    'POST /api/opportunities/anlaysis': json([]),
  };

  test("an id the API does not know shows the fallback page", async () => {
    const { release } = render(ActivityEditorScreen, choices, '/edit-Activity/99');
    await release();
    await until(() => container.querySelector('h1')?.textContent === 'Page Not Found');
  });

  test('Add Activity opens with the signed-in salesperson chosen', async () => {
    const { release } = render(ActivityEditorScreen, choices, '/add-Activity');
    expect(byRole('status')).toContain('Loading the activity');
    await release();
    await until(() => container.querySelector('form') !== null);
    expect(container.querySelector('h1')?.textContent).toBe('Add Activity');
    const salesperson = [...container.querySelectorAll('label')].find((label) => label.textContent === 'Salesperson')!;
    expect((document.getElementById(salesperson.htmlFor) as HTMLSelectElement).value).toBe('3');
  });

  test('Edit Activity shows the stored activity, its opportunity kept as a choice though it is from another year', async () => {
    const { release } = render(ActivityEditorScreen, { ...choices, 'GET /api/activities/5': json(activity({})) }, '/edit-Activity/5');
    await release();
    await until(() => container.querySelector('form') !== null);
    const field = (name: string) => {
      const label = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent === name)!;
      return document.getElementById(label.htmlFor) as HTMLInputElement | HTMLSelectElement;
    };
    expect(field('Subject').value).toBe('Call Acme');
    expect(field('Opportunity').value).toBe('7');
    expect((field('Opportunity') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Acme Corp');
  });
});
