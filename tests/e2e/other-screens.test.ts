import { describe, expect, test } from 'vitest';
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import type { Customer, Opportunity, Salesperson } from '../../src/api/client.ts';
import { summariseCustomers, sortCustomers, DEFAULT_CUSTOMER_SORT } from '../../src/domain/opportunities/customers.ts';
import { dayTotals } from '../../src/domain/opportunities/calendar.ts';
import { startOfDayNumber } from '../../src/domain/revenue/calendar.ts';
import { toOpportunityRows, totalUnits, type OpportunityRow } from '../../src/domain/opportunities/rows.ts';
import type { TeamWithMembers } from '../../src/domain/teams/list.ts';
import { formatUnits } from '../../src/ui/kit/format.ts';
import { browserForFile, DEMO_PASSWORD, signIn } from '../support/browser.ts';

const browser = browserForFile();
/** The demo tenant counts in euros (migration 013). */
const DEMO_CURRENCY = 'EUR';

/**
 * Signs in as the sales rep, opens `path` and answers the year's rows as the API has
 * them (its whole year of opportunities, which the screens no longer load), read with
 * the token the browser itself sends, and a reader of other API answers the same way
 * (the browser and this test run in the same time zone).
 */
async function openWithRows(page: Page, path: string): Promise<{ rows: OpportunityRow[]; read: <T>(apiPath: string) => Promise<T> }> {
  // The dashboard the app lands on asks for the salesperson list: its address names the tenant.
  const signedIn = page.waitForRequest((request) => /\/api\/salespersons\/getAllData\/\d+$/.test(request.url()));
  await signIn(page, 'rep@demo.test', DEMO_PASSWORD, '/signin');
  await page.waitForURL('**/dashboard');
  const request = await signedIn;
  const authorization = (await request.allHeaders())['authorization']!;
  const tenantId = /(\d+)$/.exec(request.url())![1];
  const read = async <T,>(apiPath: string): Promise<T> =>
    (await (await page.request.get(new URL(apiPath.replace('{tenant_id}', tenantId!), request.url()).href, { headers: { authorization } })).json()) as T;
  const year = new Date().getFullYear();
  const [opportunities, salespersons] = await Promise.all([
    read<Opportunity[]>(`/api/opportunities/getAllData/{tenant_id}?year=${year}`),
    read<Salesperson[]>('/api/salespersons/getAllData/{tenant_id}'),
  ]);
  await page.goto(path);
  return { rows: toOpportunityRows({ opportunities, salespersons }, year), read };
}

/** The opportunities whose customer, salesperson or stage contains the text (as the server searches): the obvious reference. */
const searched = (rows: readonly OpportunityRow[], text: string) =>
  rows.filter((row) => [row.customer, row.salespersonName, row.stage].some((field) => field.toLowerCase().includes(text.toLowerCase())));

/** The first row by the sort: largest (or latest) first, ties by id. */
const firstBy = (rows: readonly OpportunityRow[], value: (row: OpportunityRow) => number) =>
  [...rows].sort((a, b) => value(b) - value(a) || a.id - b.id)[0]!;

describe('the opportunity screens, on the demo data of the current year', () => {
  test("/opportunity lists the year's opportunities newest first, ten to a page, with their totals, and searches them", async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    // The list asks the server for pages; the whole year, read from the API, is the reference.
    const { rows } = await openWithRows(page, '/customer');
    expect(rows.length).toBeGreaterThan(10);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Opportunities' }).click();
    await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await table.waitFor();

    await expect(page.getByText(`Showing 1 to 10 of ${rows.length} results`).count()).resolves.toBe(1);
    const figures = page.getByRole('definition');
    await expect(figures.allInnerTexts()).resolves.toEqual([
      String(rows.length),
      formatUnits(totalUnits(rows, 'revenueUnits'), DEMO_CURRENCY),
      formatUnits(totalUnits(rows, 'weightedUnits'), DEMO_CURRENCY),
    ]);
    const newest = firstBy(rows, (row) => row.createdAt);
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').nth(4).innerText()).resolves.toBe(formatUnits(newest.revenueUnits, DEMO_CURRENCY));
    await expect(firstRow.getByRole('cell').nth(2).innerText()).resolves.toBe(newest.salespersonName);

    await page.getByRole('main').getByRole('searchbox').fill('acme');
    const acme = searched(rows, 'acme');
    await page.getByText(`Showing 1 to ${Math.min(10, acme.length)} of ${acme.length} results`).waitFor();

    await page.getByRole('button', { name: 'Revenue', exact: false }).first().click();
    const largest = firstBy(acme, (row) => row.revenueUnits);
    await expect.poll(() => firstRow.getByRole('cell').nth(4).innerText()).toBe(formatUnits(largest.revenueUnits, DEMO_CURRENCY));
    await expect(page.getByRole('columnheader', { name: /Revenue/ }).getAttribute('aria-sort')).resolves.toBe('descending');

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("/customer lists every customer with its totals of the year, largest revenue first, sorts by name, and links to a customer's opportunities", async () => {
    const { page, context, pageErrors } = await browser.newPage();
    const { rows, read } = await openWithRows(page, '/customer');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    // The server sums them (GET /api/customers/summaries); the app's own summing is the reference.
    const stored = await read<Customer[]>('/api/customers/getAllData/{tenant_id}');
    const customers = sortCustomers(summariseCustomers(rows, stored), DEFAULT_CUSTOMER_SORT);
    const body = page.getByRole('table').getByRole('rowheader');
    await body.first().waitFor();
    // Ten to a page, as every list.
    await expect(body.allInnerTexts()).resolves.toEqual(customers.slice(0, 10).map((customer) => customer.customer));
    await page.getByText(`Showing 1 to ${Math.min(10, customers.length)} of ${customers.length} results`).waitFor();
    const top = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: customers[0]!.customer, exact: true }) });
    await expect(top.getByRole('cell').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([String(customers[0]!.opportunities), formatUnits(customers[0]!.revenueUnits, DEMO_CURRENCY), formatUnits(customers[0]!.weightedUnits, DEMO_CURRENCY)]),
    );

    await page.getByRole('button', { name: /^Customer/ }).click();
    const byName = sortCustomers(customers, { key: 'customer', direction: 'ascending' }).map((customer) => customer.customer);
    await expect.poll(() => body.allInnerTexts()).toEqual(byName.slice(0, 10));

    // A customer's count of opportunities opens the opportunity list on the same year, searched for that customer.
    const firstWith = sortCustomers(customers, { key: 'customer', direction: 'ascending' }).find((customer) => customer.opportunities > 0)!;
    const first = firstWith.customer;
    await page.getByLabel('Search customers by name or company').fill(first);
    await page.getByRole('link', { name: `${firstWith.opportunities} opportunities of ${first}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
    await expect(page.getByRole('main').getByRole('searchbox').inputValue()).resolves.toBe(first);
    const matching = searched(rows, first).length;
    await page.getByText(`Showing 1 to ${Math.min(10, matching)} of ${matching} results`).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('/calendar shows the current month with the opportunities created each day, and moves to the previous month', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    const { rows } = await openWithRows(page, '/calendar');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const now = new Date();
    await page.getByRole('heading', { name: format(now, 'MMMM yyyy'), level: 2 }).waitFor();
    const thisMonth = rows.filter((row) => new Date(row.createdDate).getMonth() === now.getMonth());
    const figures = page.getByRole('definition');
    await expect.poll(() => figures.allInnerTexts()).toEqual([
      String(thisMonth.length),
      formatUnits(totalUnits(thisMonth, 'revenueUnits'), DEMO_CURRENCY),
      formatUnits(totalUnits(thisMonth, 'weightedUnits'), DEMO_CURRENCY),
    ]);
    const busiest = [...dayTotals(thisMonth).entries()].sort((a, b) => b[1].count - a[1].count)[0];
    if (busiest) {
      const [day, total] = busiest;
      const cell = page.getByRole('cell', { name: new RegExp(`^${format(startOfDayNumber(day), 'EEEE d MMMM')}\\b`) });
      await expect(cell.innerText()).resolves.toContain(formatUnits(total.revenueUnits, DEMO_CURRENCY));
      await expect(cell.innerText()).resolves.toContain(total.count === 1 ? '1 opportunity' : `${total.count} opportunities`);
    }

    await page.getByRole('button', { name: 'Previous month' }).click();
    const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    await page.getByRole('heading', { name: format(previous, 'MMMM yyyy'), level: 2 }).waitFor();
    await expect(page.getByRole('button', { name: 'This month' }).isEnabled()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('each screen is in the navigation', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'rep@demo.test', DEMO_PASSWORD, '/signin');
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [['Opportunities', '/opportunity'], ['Pipeline', '/pipeline'], ['Customers', '/customer'], ['Calendar', '/calendar'], ['Teams', '/team']]) {
      await expect(nav.getByRole('link', { name }).getAttribute('href')).resolves.toBe(path);
    }
    await context.close();
  });
});

describe('the team screen', () => {
  test("/team shows each of the tenant's teams with its members as the API lists them, and searches by member", async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signIn(page, 'manager@demo.test', DEMO_PASSWORD, '/signin');
    await page.waitForURL('**/dashboard');
    const answer = page.waitForResponse((response) => /\/api\/teams\/getAllData\/\d+$/.test(response.url()));
    await page.goto('/team');
    const teams = (await (await answer).json()) as TeamWithMembers[];
    expect(teams.length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    for (const team of teams) {
      const card = page.getByRole('region', { name: team.name, exact: true });
      await expect(card.getByRole('listitem').allInnerTexts()).resolves.toEqual(team.members.map((member) => member.name));
    }
    // A manager reaches a member's Edit Salesperson screen from the team.
    const member = teams[0]!.members[0]!;
    await expect(page.getByRole('link', { name: member.name }).first().getAttribute('href')).resolves.toBe(`/edit-Salesperson/${member.id}`);

    await page.getByRole('searchbox').fill(member.name);
    const withMember = teams.filter((team) => team.members.some((other) => other.id === member.id)).map((team) => team.name);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(withMember);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('on a phone (390 × 844)', () => {
  test('each screen fits the width: nothing scrolls sideways but the navigation', async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, 'manager@demo.test', DEMO_PASSWORD, '/signin');
    await page.waitForURL('**/dashboard');
    for (const [path, heading] of [['/opportunity', 'Opportunities'], ['/pipeline', 'Pipeline'], ['/customer', 'Customers'], ['/calendar', 'Calendar'], ['/team', 'Teams']] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: /^Loading/ }).waitFor({ state: 'detached' });
      await expect(page.evaluate(() => document.documentElement.scrollWidth), path).resolves.toBeLessThanOrEqual(390);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
