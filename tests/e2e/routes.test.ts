import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, DEMO_PASSWORD } from '../support/browser.ts';

/*
 * Section 2's list of protected routes, each a screen behind the protective
 * wrapper in the default layout. Record routes take the id of a record the
 * Demo tenant has, found through the screens as a person would.
 */
const PROTECTED_ROUTES = [
  '/dashboard',
  '/calendar',
  '/pipeline',
  '/activity',
  '/add-Activity',
  '/edit-Activity/{id}',
  '/add-Calendar',
  '/edit-Calendar/{id}',
  '/email-attachment',
  '/opportunity',
  '/add-Opportunity',
  '/edit-Opportunity/{id}',
  '/customer',
  '/add-Customer',
  '/edit-Customer/{id}',
  '/salesperson',
  '/edit-Salesperson/{id}',
  '/team',
  '/add-Team',
  '/edit-Team/{id}',
] as const;

/** Where a person finds a record to open each /edit-… route: the first link to it on its list. */
const RECORD_LISTS: Record<string, string> = {
  '/edit-Activity/{id}': '/activity',
  '/edit-Calendar/{id}': '/calendar',
  '/edit-Opportunity/{id}': '/opportunity',
  '/edit-Customer/{id}': '/customer',
  '/edit-Salesperson/{id}': '/salesperson',
  '/edit-Team/{id}': '/team',
};

const browser = browserForFile();

async function signInAs(page: Page, email: string, startAt: string): Promise<void> {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** The address of the first record the list links to, e.g. /edit-Team/3. */
async function firstRecordAddress(page: Page, route: string): Promise<string> {
  const list = RECORD_LISTS[route]!;
  await page.goto(list);
  const prefix = route.replace('{id}', '');
  // Opportunity and customer lists link each name to the record's page (/opportunity/7); the others to the editor.
  const link = page.locator(`a[href^="${prefix}"], a[href^="${list}/"]`).first();
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^(${prefix}|${list}/)\\d+$`));
  return prefix + href.split('/').pop()!;
}

describe("every protected route of the spec's list", () => {
  test('a signed-in person gets each one as a screen in the default layout, none as the fallback page', async () => {
    const { page, cspViolations, pageErrors } = await browser.newPage();
    await signInAs(page, 'admin@demo.test', '/dashboard');
    for (const route of PROTECTED_ROUTES) {
      const address = route.includes('{id}') ? await firstRecordAddress(page, route) : route;
      await page.goto(address);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await heading.first().textContent(), address).not.toBe('Page Not Found');
      // The default layout: the navigation and the signed-in user's 'Log out'.
      await expect(page.getByRole('navigation').first().isVisible(), address).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Log out' }).isVisible(), address).resolves.toBe(true);
    }
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('a signed-out visitor is sent to sign in from each one (Edit Salesperson gives them the fallback page), and comes back to /dashboard', async () => {
    const { page } = await browser.newPage();
    const signInForm = page.getByRole('button', { name: 'Sign in' });
    for (const route of PROTECTED_ROUTES) {
      const address = route.replace('{id}', '1');
      await page.goto(address);
      if (route === '/edit-Salesperson/{id}') {
        // Section 6: /user and /edit-Salesperson/:id give signed-out visitors the fallback page.
        await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
        continue;
      }
      await signInForm.waitFor();
      expect(new URL(page.url()).pathname, address).toMatch(/^\/realms\/crm\//);
    }
    await page.goto('/edit-Team/1');
    await page.getByLabel('Email').fill('rep@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await signInForm.click();
    await page.waitForURL('**/dashboard');
  });

  test('the navigation leads to every top-level screen of the list', async () => {
    const { page } = await browser.newPage();
    await signInAs(page, 'rep@demo.test', '/dashboard');
    const hrefs = await page.getByRole('navigation').first().getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const topLevel = PROTECTED_ROUTES.filter((route) => !route.includes('{id}') && !route.startsWith('/add-'));
    expect(hrefs).toEqual(expect.arrayContaining([...topLevel]));
  });
});
