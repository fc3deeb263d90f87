import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, DEMO_PASSWORD } from '../support/browser.ts';
import { PROTECTED_ROUTES } from '../support/spec-routes.ts';

/*
 * Section 2's protected routes, signed out and from the navigation. That each one is,
 * signed in, a screen in the default layout and not the fallback page is checked by the
 * accessibility walk (accessibility.test.ts), which opens every route anyway.
 */
const browser = browserForFile();

async function signInAs(page: Page, email: string, startAt: string): Promise<void> {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

describe("every protected route of the spec's list", () => {
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
