// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { enableActEnvironment } from './act-environment.ts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OpportunityRecord } from '../../../../src/domain/revenue/index.ts';
import {
  dashboardMachine,
  type LoadOpportunitiesInput,
  type LoadSalespersonsInput,
  type SalespersonOption,
  type YearDays,
} from '../../../../src/machines/dashboard.ts';
import { daysAsTheServerSumsThem } from '../../../support/revenue-reference.ts';
import { DashboardView } from '../../../../src/ui/dashboard/DashboardScreen.tsx';

const today = new Date(2026, 10, 22, 15, 30);
const years = [2025, 2026];
const salespersons: SalespersonOption[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
];
const opportunitiesOf: Record<number, OpportunityRecord[]> = {
  2025: [{ created_date: '2025-03-10T12:00:00.000Z', revenue: 2_500_000, probability: 50, salesperson_id: 1 }],
  2026: [
    { created_date: '2026-01-02T12:00:00.000Z', revenue: 12_345.67, probability: 100, salesperson_id: 1 },
    { created_date: '2026-02-15T12:00:00.000Z', revenue: 800, probability: 50, salesperson_id: 2 },
  ],
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  enableActEnvironment();
  // jsdom has no layout, so no ResizeObserver; the chart then waits for a width it never gets.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function startDashboard(
  loadOpportunities: (input: LoadOpportunitiesInput) => Promise<readonly OpportunityRecord[]>,
  loadSalespersons: (input: LoadSalespersonsInput) => Promise<readonly SalespersonOption[]> = async () => salespersons,
) {
  const machine = dashboardMachine.provide({
    actors: {
      loadOpportunities: fromPromise(({ input }) => loadOpportunities(input)),
      loadSalespersons: fromPromise(({ input }) => loadSalespersons(input)),
    },
  });
  return createActor(machine, { input: { tenantId: 1, today } }).start();
}

async function render(dashboard: ReturnType<typeof startDashboard>) {
  await act(async () => root.render(<DashboardView dashboard={dashboard} today={today} years={years} currency="EUR" />));
}

const byText = (text: string) =>
  [...container.querySelectorAll<HTMLElement>('*')].find((element) => element.textContent === text);
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent === name)!;
const select = (label: string) => {
  const labelElement = [...container.querySelectorAll('label')].find((element) => element.textContent === label)!;
  return container.querySelector<HTMLSelectElement>(`#${labelElement.htmlFor}`)!;
};
/** The table's rows once it has followed the chart (it is updated after the chart's frame). */
const tableRows = async () => {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return [...container.querySelectorAll('table tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );
};

async function choose(element: HTMLSelectElement, value: string) {
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('dashboard screen', () => {
  test('shows the title, the range from 01 Jan to today, and a visible loading state', async () => {
    await render(startDashboard(() => new Promise(() => {})));
    expect(container.querySelector('h1')?.textContent).toBe('Total Revenue');
    expect(byText('2026.01.01 - 2026.11.22')).toBeDefined();
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading revenue');
  });

  test('lists the years from 2025 and All plus every salesperson by name', async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year] ?? []));
    expect([...select('Year').options].map((o) => o.textContent)).toEqual(['2025', '2026']);
    expect(select('Year').value).toBe('2026');
    expect([...select('Salesperson').options].map((o) => [o.value, o.textContent])).toEqual([
      ['0', 'All'],
      ['1', 'Ada Lovelace'],
      ['2', 'Grace Hopper'],
    ]);
  });

  test("the 'Revenue by period' table has one row per bucket, in the tenant's currency, with the count", async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year] ?? []));
    expect(container.querySelector('table caption')?.textContent).toBe('Revenue by period');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Period', 'Revenue', 'Opportunities']);
    expect((await tableRows())[0]).toEqual(['Jan 1-Jan 4', '€12,345.67', '1']);
    expect((await tableRows())).toHaveLength(47);
  });

  test('the Week / Month / Year toggle shows which is pressed and switches the view', async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year] ?? []));
    expect(button('Week').getAttribute('aria-pressed')).toBe('true');

    await act(async () => button('Month').click());
    expect(button('Week').getAttribute('aria-pressed')).toBe('false');
    expect(button('Month').getAttribute('aria-pressed')).toBe('true');
    expect((await tableRows()).slice(0, 2)).toEqual([
      ['Jan', '€12,345.67', '1'],
      ['Feb', '€800.00', '1'],
    ]);
    expect((await tableRows())).toHaveLength(11);

    await choose(select('Salesperson'), '2');
    expect((await tableRows()).slice(0, 2)).toEqual([
      ['Jan', '€0.00', '0'],
      ['Feb', '€400.00', '1'],
    ]);
  });

  test('choosing a year loads it and shows its full range', async () => {
    const requested: number[] = [];
    await render(
      startDashboard(async ({ year }) => {
        requested.push(year);
        return opportunitiesOf[year] ?? [];
      }),
    );
    await act(async () => button('Year').click());
    await choose(select('Year'), '2025');
    // Each year with the year before it, for the headline's comparison.
    expect(requested).toEqual([2026, 2025, 2025, 2024]);
    expect(byText('2025.01.01 - 2025.12.31')).toBeDefined();
    expect((await tableRows())).toEqual([['2025', '€1,250,000.00', '1']]);
  });

  test('the view says whether its figures are weighted: month with All is not, every other view is', async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year] ?? []));
    const basis = () => container.querySelector('.dashboard__basis')?.textContent;
    expect(basis()).toBe('Weighted: each opportunity counts its revenue × probability ÷ 100.');
    await act(async () => button('Month').click());
    expect(basis()).toBe('Unweighted: the month view of all salespersons adds up revenue as it is.');
    await choose(select('Salesperson'), '1');
    expect(basis()).toMatch(/^Weighted/);
  });

  test("the headline gives the range's totals both ways, the count and the change against last year's same range", async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year] ?? []));
    const figures = Object.fromEntries(
      [...container.querySelectorAll('.headline div')].map((figure) => [figure.querySelector('dt')!.textContent, figure.querySelector('dd')!.textContent]),
    );
    expect(figures).toEqual({
      'Weighted revenue': '€12.7K',
      'Unweighted revenue': '€13.1K',
      Opportunities: '2',
      // 2025 holds 1,250,000 weighted in March, before 22 November.
      'Change (weighted)': '−99% against the same period of 2025',
    });
  });

  test("a salesperson without revenue in the range draws no bar and says 'No revenue in this period'", async () => {
    await render(startDashboard(async ({ year }) => (opportunitiesOf[year] ?? []).filter((o) => o.salesperson_id === 1)));
    expect(byText('No revenue in this period')).toBeUndefined();
    await choose(select('Salesperson'), '2');
    expect(byText('No revenue in this period')).toBeDefined();
  });

  test('a year without opportunities shows the empty state, not a blank box', async () => {
    await render(startDashboard(async () => []));
    expect(byText('No data available')).toBeDefined();
    expect(container.querySelector('table')).toBeNull();
  });

  test('a failed load shows no error message, only the empty state and a way to try again', async () => {
    let attempts = 0;
    await render(
      startDashboard(async ({ year }) => {
        attempts += 1;
        if (attempts === 1) throw new Error('502');
        return opportunitiesOf[year] ?? [];
      }),
    );
    expect(byText('No data available')).toBeDefined();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await act(async () => button('Try again').click());
    expect((await tableRows())[0]).toEqual(['Jan 1-Jan 4', '€12,345.67', '1']);
  });
});

describe('dashboard screen with the days of a year', () => {
  test("one salesperson chosen before the year's analysis arrives shows a named loading state, then their figures", async () => {
    let answer!: (records: readonly OpportunityRecord[]) => void;
    const machine = dashboardMachine.provide({
      actors: {
        loadDays: fromPromise<YearDays, LoadOpportunitiesInput>(async ({ input }) => ({
          year: daysAsTheServerSumsThem(opportunitiesOf[input.year] ?? []),
          lastYear: daysAsTheServerSumsThem(opportunitiesOf[input.year - 1] ?? []),
        })),
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(() => new Promise((resolve) => (answer = resolve))),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
    });
    await render(createActor(machine, { input: { tenantId: 1, today, fromDays: true } }).start());
    // Every salesperson's view is drawn from the days, with no wait for the analysis.
    expect((await tableRows())[0]).toEqual(['Jan 1-Jan 4', '€12,345.67', '1']);
    expect(container.querySelector('[role="status"]')).toBeNull();

    await choose(select('Salesperson'), '2');
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Loading Grace Hopper's revenue");
    expect(byText("Loading Grace Hopper's revenue…")).toBeDefined();
    expect(container.querySelector('.headline')).toBeNull();
    expect(byText('No revenue in this period')).toBeUndefined();

    await act(async () => answer(opportunitiesOf[2026]!));
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect((await tableRows()).slice(6, 8)).toEqual([
      ['Feb 9-Feb 15', '€400.00', '1'],
      ['Feb 16-Feb 22', '€0.00', '0'],
    ]);
  });
});
