// @vitest-environment jsdom
import { act, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ServicesProvider } from '../../../src/ui/kit/services';
import { heldServices, json, screenRoot, type Answer } from '../../support/screen-harness.ts';
import CalendarScreen from '../../../src/ui/calendar/CalendarScreen';
import CustomerListScreen from '../../../src/ui/customers/CustomerListScreen';
import OpportunityListScreen from '../../../src/ui/opportunities/OpportunityListScreen';
import PipelineScreen from '../../../src/ui/pipeline/PipelineScreen';
import TeamListScreen from '../../../src/ui/teams/TeamListScreen';


const screen = screenRoot();
const { until } = screen;

const text = screen.text;
const byRole = (role: string) => [...screen.container.querySelectorAll(`[role="${role}"]`)].map((element) => element.textContent ?? '');

function render(Screen: ComponentType, answers: Record<string, Answer>) {
  const { services, release } = heldServices(answers);
  screen.render(
    <ServicesProvider services={services}>
      <Screen />
    </ServicesProvider>,
  );
  return { release };
}

const year = new Date().getFullYear();
const salespersons = json([{ id: 1, name: 'Grace Hopper', email: 'g@x.test', phone: '', mobile: '', latest_login: null, status: 1 }]);
const noOpportunities = {
  '/api/opportunities/getAllData/1': json([]),
  '/api/opportunities/page/1': json({ page: 1, total: 0, revenue: 0, weighted: 0, rows: [] }),
  '/api/opportunities/days/1': json([]),
  '/api/salespersons/getAllData/1': salespersons,
};
const failing = {
  '/api/opportunities/getAllData/1': json({ message: 'Database unavailable' }, 503),
  '/api/opportunities/page/1': json({ message: 'Database unavailable' }, 503),
  '/api/salespersons/getAllData/1': salespersons,
};

describe.each([
  ['the opportunity list', OpportunityListScreen, 'Loading opportunities', 'The opportunities could not be loaded.'],
] as const)('%s', (_, Screen, loading, failed) => {
  test('says it is loading, then that the year has no opportunities', async () => {
    const { release } = render(Screen, noOpportunities);
    expect(byRole('status')).toContain(loading);
    await release();
    await until(() => byRole('status').includes(`No opportunities in ${year}.`));
  });

  test('says when the year could not be loaded, with a button to try again', async () => {
    const { release } = render(Screen, failing);
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes(failed)));
    expect(screen.container.querySelector('[role="alert"] button')?.textContent).toBe('Try again');
  });
});

describe('the pipeline', () => {
  const emptyColumn = (stage: string, probability: number) => ({ stage, probability, count: 0, revenue: 0, weighted: 0, cards: [] });
  const emptyBoard = {
    '/api/opportunities/board/1': json([emptyColumn('qualification', 10), emptyColumn('proposal', 30), emptyColumn('negotiation', 60), emptyColumn('closed won', 100), emptyColumn('closed lost', 0)]),
    '/api/salespersons/getAllData/1': salespersons,
  };

  test('says it is loading, then shows every stage, each without deals', async () => {
    const { release } = render(PipelineScreen, emptyBoard);
    expect(byRole('status')).toContain('Loading pipeline');
    await release();
    await until(() => screen.container.querySelectorAll('.board-column').length === 5);
    expect([...screen.container.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual(['Qualification', 'Proposal', 'Negotiation', 'Closed won', 'Closed lost']);
    expect(text()).toContain('No deals');
  });

  test('says when the board could not be loaded, with a button to try again', async () => {
    const { release } = render(PipelineScreen, { ...emptyBoard, '/api/opportunities/board/1': json({ message: 'Database unavailable' }, 503) });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('The pipeline could not be loaded.')));
    expect(screen.container.querySelector('[role="alert"] button')?.textContent).toBe('Try again');
  });
});

describe('the customer list', () => {
  const noCustomers = { '/api/customers/summaries/1': json([]) };
  test('says it is loading, then, for a tenant without customers, how to add the first', async () => {
    const { release } = render(CustomerListScreen, noCustomers);
    expect(byRole('status')).toContain('Loading customers');
    await release();
    await until(() => byRole('status').includes("No customers yet. Add the first with 'Add Customer'."));
  });

  test('lists a stored customer in a year without opportunities, with zeros, its name opening the customer page', async () => {
    const customer = { id: 5, customer: 'Nakatomi Trading', company: 'Nakatomi Corp', opportunities: 0, revenue: 0, weighted: 0, won: 0, latest_date: null };
    const { release } = render(CustomerListScreen, { '/api/customers/summaries/1': json([customer]) });
    await release();
    await until(() => screen.container.querySelector('tbody tr') !== null);
    const cells = [...screen.container.querySelectorAll('tbody tr > *')].map((cell) => cell.textContent);
    // The last cell holds the row's choice box (bulk actions).
    expect(cells).toEqual(['Nakatomi Trading', 'Nakatomi Corp', '0', '0', '€0.00', '€0.00', '—', '']);
    expect(screen.container.querySelector('tbody th a')?.getAttribute('href')).toBe('/customer/5');
  });

  test('says when the customers could not be loaded, with a button to try again', async () => {
    const { release } = render(CustomerListScreen, { '/api/customers/summaries/1': json({ message: 'Down' }, 503) });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('The customers could not be loaded.')));
    expect(screen.container.querySelector('[role="alert"] button')?.textContent).toBe('Try again');
  });
});

describe('the calendar', () => {
  test('says it is loading the month, then shows it with nothing created', async () => {
    const { release } = render(CalendarScreen, { ...noOpportunities, '/api/calendar/getAllData/1': json([]) });
    expect(byRole('status').some((status) => status.startsWith('Loading '))).toBe(true);
    await release();
    await until(() => screen.container.querySelector('table') !== null);
    expect(text()).toContain('Opportunities created0');
    expect(text()).toContain('No events this month.');
  });

  test("shows the month's events on their days, linking to them", async () => {
    const now = new Date();
    const startsAt = new Date(now.getFullYear(), now.getMonth(), 1, 9, 30);
    const meeting = { id: 5, title: 'Kick-off', starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(), all_day: false, location: '', salesperson_id: null, notes: '' };
    const { release } = render(CalendarScreen, { ...noOpportunities, '/api/calendar/getAllData/1': json([meeting]) });
    await release();
    await until(() => screen.container.querySelector('table') !== null);
    const links = [...screen.container.querySelectorAll('table a[href="/edit-Calendar/5"]')];
    expect(links.map((link) => link.textContent)).toEqual(['09:30 Kick-off']);
  });

  test('says when the events could not be loaded, and loads them on Try again', async () => {
    let attempts = 0;
    const { release } = render(CalendarScreen, {
      ...noOpportunities,
      '/api/calendar/getAllData/1': () => (++attempts === 1 ? json({ message: 'Down' }, 503)() : json([])()),
    });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('could not be loaded')));
    act(() => (screen.container.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await until(() => screen.container.querySelector('table') !== null);
  });
});

describe('the team list', () => {
  test('says it is loading, then that there are no teams yet', async () => {
    const { release } = render(TeamListScreen, { '/api/teams/getAllData/1': json([]) });
    expect(byRole('status')).toContain('Loading teams');
    await release();
    await until(() => byRole('status').includes('There are no teams yet.'));
  });

  test('says when the teams could not be loaded, and loads them on Try again', async () => {
    let attempts = 0;
    const { release } = render(TeamListScreen, {
      '/api/teams/getAllData/1': () => (++attempts === 1 ? json({ message: 'Down' }, 503)() : json([{ id: 1, name: 'North', members: [] }])()),
    });
    await release();
    await until(() => byRole('alert').some((alert) => alert.includes('The teams could not be loaded.')));
    act(() => (screen.container.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await until(() => screen.container.querySelector('h2')?.textContent === 'North');
  });
});
