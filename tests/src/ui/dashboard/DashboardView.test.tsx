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
} from '../../../../src/machines/dashboard.ts';
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
  await act(async () => root.render(<DashboardView dashboard={dashboard} today={today} years={years} />));
}

const byText = (text: string) =>
  [...container.querySelectorAll<HTMLElement>('*')].find((element) => element.textContent === text);
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent === name)!;
const select = (label: string) => {
  const labelElement = [...container.querySelectorAll('label')].find((element) => element.textContent === label)!;
  return container.querySelector<HTMLSelectElement>(`#${labelElement.htmlFor}`)!;
};
const tableRows = () =>
  [...container.querySelectorAll('table tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

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
    await render(startDashboard(async ({ year }) => opportunitiesOf[year]!));
    expect([...select('Year').options].map((o) => o.textContent)).toEqual(['2025', '2026']);
    expect(select('Year').value).toBe('2026');
    expect([...select('Salesperson').options].map((o) => [o.value, o.textContent])).toEqual([
      ['0', 'All'],
      ['1', 'Ada Lovelace'],
      ['2', 'Grace Hopper'],
    ]);
  });

  test("the 'Revenue by period' table has one row per bucket, two decimals with thousands separators", async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year]!));
    expect(container.querySelector('table caption')?.textContent).toBe('Revenue by period');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Period', 'Revenue']);
    expect(tableRows()[0]).toEqual(['Jan 1-Jan 4', '12,345.67']);
    expect(tableRows()).toHaveLength(47);
  });

  test('the Week / Month / Year toggle shows which is pressed and switches the view', async () => {
    await render(startDashboard(async ({ year }) => opportunitiesOf[year]!));
    expect(button('Week').getAttribute('aria-pressed')).toBe('true');

    await act(async () => button('Month').click());
    expect(button('Week').getAttribute('aria-pressed')).toBe('false');
    expect(button('Month').getAttribute('aria-pressed')).toBe('true');
    expect(tableRows().slice(0, 2)).toEqual([
      ['Jan', '12,345.67'],
      ['Feb', '800.00'],
    ]);
    expect(tableRows()).toHaveLength(11);

    await choose(select('Salesperson'), '2');
    expect(tableRows().slice(0, 2)).toEqual([
      ['Jan', '0.00'],
      ['Feb', '400.00'],
    ]);
  });

  test('choosing a year loads it and shows its full range', async () => {
    const requested: number[] = [];
    await render(
      startDashboard(async ({ year }) => {
        requested.push(year);
        return opportunitiesOf[year]!;
      }),
    );
    await act(async () => button('Year').click());
    await choose(select('Year'), '2025');
    expect(requested).toEqual([2026, 2025]);
    expect(byText('2025.01.01 - 2025.12.31')).toBeDefined();
    expect(tableRows()).toEqual([['2025', '1,250,000.00']]);
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
        return opportunitiesOf[year]!;
      }),
    );
    expect(byText('No data available')).toBeDefined();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await act(async () => button('Try again').click());
    expect(tableRows()[0]).toEqual(['Jan 1-Jan 4', '12,345.67']);
  });
});
