import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { browserForFile, signIn, toast } from '../support/browser.ts';
import { startOwnStack, type OwnStack } from '../support/own-stack.ts';
import { startSpecOnlyProxy, type SpecOnlyProxy } from '../support/spec-only-proxy.ts';
import { SCREEN_PARTS } from '../../src/ui/shell/screen-parts.ts';

/**
 * The same build against a company API with only the calls of the specification's
 * section 7: a proxy in front of the real server that answers 404 to every other
 * call. The person sees exactly the spec's screens: no 'Not found', no blank
 * columns, no navigation to screens that cannot work.
 */
const browser = browserForFile();
let proxy: SpecOnlyProxy;
let stack: OwnStack;

beforeAll(async () => {
  proxy = await startSpecOnlyProxy();
  // The proxy's origin is the one people open: the app, its API and the provider all answer there.
  stack = await startOwnStack({ PUBLIC_URL: proxy.url, CRM_API_URL: proxy.url, TENANT_SERVICE_URL: `${proxy.url}/tenant-service` });
  proxy.forwardTo(stack.baseUrl);
});

// Each test answers for the calls it made.
beforeEach(() => {
  proxy?.refused.splice(0);
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
});

/** The calls the app made that the API does not have, besides asking for its document. */
const missingCallsMade = () => proxy.refused.filter((call) => call !== 'GET /api/openapi.json');

/** Moves the app to `path` as a link would, without reloading. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** No toast of any kind is on screen (an error would be 'Not found' or the server's message). */
async function expectNoToast(page: Page): Promise<void> {
  // Long enough for an answer from the proxy to come back and be shown.
  await page.waitForTimeout(300);
  // react-hot-toast's own container: spinners are statuses too, but not toasts.
  expect(await page.locator('[data-rht-toaster] [role="status"]').allTextContents()).toEqual([]);
}

async function signedInAs(email: string): Promise<{ page: Page; close(): Promise<void>; pageErrors: string[] }> {
  const { page, context, pageErrors } = await browser.newPage();
  await signIn(page, email, undefined, `${proxy.url}/signin`);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close(), pageErrors };
}

// The spec's routes whose screens need an optional part, with an id where the route takes one.
const ROUTES_NEEDING_PARTS = [
  '/calendar', '/add-Calendar', '/edit-Calendar/1',
  '/pipeline', '/opportunity', '/add-Opportunity', '/edit-Opportunity/1',
  '/activity', '/add-Activity', '/edit-Activity/1',
  '/customer', '/add-Customer', '/edit-Customer/1',
  '/team', '/add-Team', '/edit-Team/1',
  '/email-attachment',
];

describe("against an API with only the specification's calls", () => {
  test('the navigation offers what works, and every item opens without a toast; the dashboard draws', async () => {
    const { page, close, pageErrors } = await signedInAs('admin@demo.test');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    await page.locator('.dashboard svg').first().waitFor();

    const navigation = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await navigation.allTextContents()).toEqual(['Dashboard', 'Salespersons', 'Users', 'State machines']);
    for (const label of await navigation.allTextContents()) {
      await navigation.filter({ hasText: label }).click();
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await expectNoToast(page);
    }
    expect(missingCallsMade()).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  test("a route whose screen needs a part the API lacks says so calmly, with no call to it", async () => {
    const { page, close } = await signedInAs('rep@demo.test');
    for (const path of ROUTES_NEEDING_PARTS) {
      await openInApp(page, path);
      await page.getByText("your company's CRM API doesn't offer").waitFor();
      await expectNoToast(page);
    }
    expect(missingCallsMade()).toEqual([]);
    await close();
  });

  test('the user list, creating a user and editing a salesperson work as the spec says', async () => {
    const { page, close } = await signedInAs('admin@demo.test');
    await openInApp(page, '/user');
    await page.getByText(/^Showing 1 to 10 of \d+ results$/).waitFor();

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Sam Spec');
    await dialog.getByLabel('Email').fill('sam.spec@demo.test');
    await dialog.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await dialog.getByLabel('Phone').fill('+4930123456');
    await dialog.getByLabel('Mobile').fill('+4917012345');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'User created successfully').waitFor();

    // The list goes by pages of ten, sorted by name: the search finds Riley wherever the demo data puts him.
    await openInApp(page, '/salesperson');
    await page.getByLabel('Search salespersons by name, email, phone or mobile').fill('Riley Rep');
    await page.getByRole('link', { name: 'Riley Rep' }).click();
    await page.getByLabel('Team').waitFor();
    await expect.poll(() => page.getByLabel('Team').inputValue()).not.toBe('');
    await page.getByLabel('Phone').fill('+49 30 5550101');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Salesperson has been updated successfully!').waitFor();
    await page.waitForURL('**/salesperson');
    expect(missingCallsMade()).toEqual([]);
    await close();
  });

  test('with some optional parts too, each screen whose parts are all offered opens, and calls nothing more', async () => {
    const { page, close } = await signedInAs('admin@demo.test');
    // Every set of parts a screen needs, each offered alone, with the screens it should open.
    const offers = new Map<string, string[]>();
    for (const [route, { parts }] of Object.entries(SCREEN_PARTS)) {
      if (!route.includes(':')) offers.set([...parts].sort().join(','), [...(offers.get([...parts].sort().join(',')) ?? []), route]);
    }
    for (const [parts, routes] of offers) {
      proxy.offer(parts.split(',') as never);
      proxy.refused.splice(0);
      // The app learns the API's parts when it starts; the tab's session survives the new start.
      await page.goto(`${proxy.url}/dashboard`);
      await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
      for (const route of routes) {
        await openInApp(page, route);
        await page.getByRole('main').getByRole('heading').first().waitFor();
        expect(await page.getByText("your company's CRM API doesn't offer").count(), `${route} with ${parts}`).toBe(0);
        await expectNoToast(page);
      }
      expect(proxy.refused, `the calls the screens of ${parts} made that the API does not have`).toEqual([]);
    }
    proxy.offer([]);
    await close();
  });
});
