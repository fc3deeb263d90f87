import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { browserForFile, signIn } from '../support/browser.ts';
import { PROTECTED_ROUTES } from '../support/spec-routes.ts';

const browser = browserForFile();

/**
 * Every route of the app, as a Super Admin sees it, in one browser session: each
 * screen is reached the way a person moves through the app (the address changes
 * without a reload), scanned with axe (every rule, any impact) with its dialog
 * open where it has one, and checked for focus on its heading and a spoken
 * announcement of it. Then again at phone width. On the way, each of section 2's
 * protected routes is checked to be its screen (its own heading, not the fallback
 * page) in the default layout.
 */
/** How a screen's dialog opens: a button of the screen (after choosing its first row, where the action needs one), the first button in its table (a user's name), or keys. */
type DialogOpener =
  | { open: string | RegExp; chooseFirstRow?: true; name: string | RegExp; typing?: string }
  | { firstRowButton: true; name: string | RegExp }
  | { keys: string; name: string | RegExp; typing?: string };

interface Screen {
  /** The route; `:id` is filled with the first record its list links to. */
  path: string;
  heading: string | RegExp;
  /** The list whose first link of this route gives `:id`. */
  idFrom?: string;
  /** The route of the link that gives `:id`, when the list links elsewhere (its name opens the record's page). */
  idLink?: string;
  /** The screen's dialogs, each opened, scanned and closed with Escape in turn (and what to type into it first, if anything). */
  dialogs?: DialogOpener[];
  /** A CSV file chosen on the screen, whose next step (matching its columns) is scanned too. */
  csv?: string;
}

const SCREENS: Screen[] = [
  { path: '/dashboard', heading: 'Total Revenue', dialogs: [{ keys: 'Control+K', name: 'Search', typing: 'acme' }] },
  { path: '/opportunity', heading: 'Opportunities', dialogs: [{ open: 'Reassign…', chooseFirstRow: true, name: /^Reassign 1 opportunity/ }] },
  { path: '/add-Opportunity', heading: 'Add Opportunity' },
  { path: '/edit-Opportunity/:id', heading: 'Edit Opportunity', idFrom: '/opportunity', idLink: '/opportunity/:id', dialogs: [{ open: 'Delete', name: 'Delete the opportunity?' }] },
  { path: '/opportunity/:id', heading: /./, idFrom: '/opportunity', dialogs: [{ open: 'Add activity', name: 'Add activity' }] },
  { path: '/pipeline', heading: 'Pipeline' },
  { path: '/customer', heading: 'Customers', dialogs: [{ open: 'Delete…', chooseFirstRow: true, name: /^Delete 1 / }] },
  { path: '/add-Customer', heading: 'Add Customer' },
  { path: '/edit-Customer/:id', heading: 'Edit Customer', idFrom: '/customer', idLink: '/customer/:id' },
  { path: '/customer/:id', heading: /./, idFrom: '/customer', dialogs: [{ open: 'Add event', name: 'Add event' }] },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/add-Calendar', heading: 'Add Event' },
  { path: '/edit-Calendar/:id', heading: 'Edit Event', idFrom: '/calendar', dialogs: [{ open: /^Delete/, name: 'Delete the event?' }] },
  { path: '/activity', heading: 'Activities' },
  { path: '/add-Activity', heading: 'Add Activity' },
  { path: '/edit-Activity/:id', heading: 'Edit Activity', idFrom: '/activity' },
  { path: '/salesperson', heading: 'Salespersons' },
  { path: '/edit-Salesperson/:id', heading: 'Edit Salesperson', idFrom: '/salesperson' },
  { path: '/team', heading: 'Teams' },
  { path: '/add-Team', heading: 'Add Team' },
  { path: '/edit-Team/:id', heading: 'Edit Team', idFrom: '/team' },
  { path: '/email-attachment', heading: 'E-mail attachments', dialogs: [{ open: /^Delete /, name: 'Delete attachment' }] },
  {
    path: '/user',
    heading: 'User',
    dialogs: [
      { open: 'Create User', name: 'Create User' },
      { firstRowButton: true, name: 'Update User' },
    ],
  },
  { path: '/settings', heading: 'Settings' },
  { path: '/import-Opportunity', heading: 'Import opportunities', csv: 'Customer,Revenue,Stage\nAcme Corp,1200,proposal\n' },
  { path: '/import-Customer', heading: 'Import customers' },
  { path: '/machines', heading: 'Machines' },
  { path: '/no-such-page', heading: 'Page Not Found' },
];

/** The screens of section 2's protected routes, whose pages have the default layout. */
const PROTECTED_PATHS = new Set<string>(PROTECTED_ROUTES.map((route) => route.replace('{id}', ':id')));

/** Moves to `path` as a link would: the app's router follows the history, no reload. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until nothing on the page says it is loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 20_000 });
}

/**
 * Whether the page scrolls sideways (a phone's screen is narrower than something on it),
 * with the outermost elements that reach past its right edge, to say where.
 */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    // What scrolls within a region of its own (the navigation, a wide table) does not move the page.
    const scrolledWithin = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}`;
    const problems: string[] = [];
    const past = (element: Element) => element.getBoundingClientRect().right > root.clientWidth + 0.5;
    if (root.scrollWidth > root.clientWidth) {
      const culprits = [...document.body.querySelectorAll('*')].filter(
        (element) => past(element) && !(element.parentElement && past(element.parentElement)) && !scrolledWithin(element),
      );
      problems.push(`scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px, past the edge: ${culprits.slice(0, 5).map(name).join(', ')}`);
    }
    // Past the left edge nothing scrolls: what is there cannot be reached at all.
    const cutOff = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.left < -0.5 && !scrolledWithin(element) && !element.closest('.visually-hidden');
    });
    if (cutOff.length > 0) problems.push(`cut off at the left edge: ${cutOff.slice(0, 5).map(name).join(', ')}`);
    return problems;
  });
}

async function firstIdLinkedFrom(page: Page, list: string, route: string): Promise<string> {
  await go(page, list);
  await settled(page);
  const prefix = route.replace(':id', '');
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await link.waitFor({ timeout: 20_000 });
  const href = (await link.getAttribute('href'))!;
  return href.slice(prefix.length).split(/[?#]/)[0]!;
}

async function visitEveryRoute(page: Page, ids: Map<string, string>, width: string): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of SCREENS) {
    let path = screen.path;
    if (screen.idFrom) {
      if (!ids.has(screen.path)) ids.set(screen.path, await firstIdLinkedFrom(page, screen.idFrom, screen.idLink ?? screen.path));
      path = screen.path.replace(':id', ids.get(screen.path)!);
    }
    await go(page, path);
    const heading = page.getByRole('heading', { level: 1, name: screen.heading });
    await heading.waitFor({ timeout: 20_000 });
    await settled(page);
    // Focus is on the new screen's heading, and the change was announced.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null)), {
        timeout: 5000,
      })
      .toMatch(screen.heading);
    await expect.poll(() => page.getByRole('status', { name: 'Page announcements' }).innerText()).toMatch(screen.heading);

    if (width === 'desktop' && PROTECTED_PATHS.has(screen.path)) {
      // The default layout: the navigation and the signed-in person's 'Log out'.
      if (!(await page.getByRole('navigation').first().isVisible())) problems.push(`${width} ${path}: no navigation (not the default layout)`);
      if (!(await page.getByRole('button', { name: 'Log out' }).isVisible())) problems.push(`${width} ${path}: no 'Log out' (not the default layout)`);
    }
    problems.push(...(await axeViolations(page)).map((problem) => `${width} ${path}: ${problem}`));
    if (width === 'phone') problems.push(...(await sidewaysScroll(page)).map((problem) => `${width} ${path}: ${problem}`));
    for (const opener of screen.dialogs ?? []) {
      const name = String(opener.name);
      if ('keys' in opener) {
        // A shortcut works once what it opens is on the page: the search's button in the top bar.
        await page.getByRole('banner').getByRole('button', { name: 'Search…' }).waitFor();
        await page.keyboard.press(opener.keys);
      } else {
        if ('chooseFirstRow' in opener) await page.getByRole('main').locator('tbody input[type="checkbox"]').first().check();
        const button =
          'firstRowButton' in opener
            ? page.getByRole('main').locator('tbody').getByRole('button').first()
            : page.getByRole('main').getByRole('button', { name: opener.open }).first();
        if ((await button.count()) === 0) {
          problems.push(`${width} ${path}: no button opens the ${name} dialog`);
          continue;
        }
        await button.click();
      }
      const dialog = page.getByRole('dialog', { name: opener.name });
      await dialog.waitFor();
      if ('typing' in opener && opener.typing) {
        await page.keyboard.type(opener.typing);
        await dialog.getByRole('option').first().waitFor();
      }
      await settled(page);
      problems.push(...(await axeViolations(page)).map((problem) => `${width} ${path} (${name}): ${problem}`));
      if (width === 'phone') problems.push(...(await sidewaysScroll(page)).map((problem) => `${width} ${path} (${name}): ${problem}`));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    if (screen.csv) {
      await page.getByLabel('CSV file').setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(screen.csv) });
      await page.getByRole('form', { name: 'Match the columns' }).waitFor();
      problems.push(...(await axeViolations(page)).map((problem) => `${width} ${path} (Match the columns): ${problem}`));
      if (width === 'phone') problems.push(...(await sidewaysScroll(page)).map((problem) => `${width} ${path} (Match the columns): ${problem}`));
    }
  }
  return problems;
}

describe('accessibility on every route', () => {
  // One sign-in and one page for both widths: the phone's walk follows the desktop's.
  let tracked: Awaited<ReturnType<typeof browser.newPage>> | undefined;
  const ids = new Map<string, string>();

  test('as a Super Admin at desktop width: each protected route is its screen in the default layout, axe finds nothing, focus moves to each heading and each change is announced', async () => {
    expect(SCREENS.map((screen) => screen.path)).toEqual(expect.arrayContaining([...PROTECTED_PATHS]));
    tracked = await browser.newPage({ width: 1280, height: 800 });
    await signIn(tracked.page, 'admin@demo.test');
    await tracked.page.getByRole('heading', { name: 'Total Revenue', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await visitEveryRoute(tracked.page, ids, 'desktop')).toEqual([]);
    expect(tracked.pageErrors).toEqual([]);
    expect(tracked.cspViolations).toEqual([]);
    // About thirty screens and their dialogs, each scanned with every axe rule: minutes on two shared cores.
  }, 300_000);

  test('at phone width (390 px), the same, no page scrolls sideways, and the signed-out page after Log out', async () => {
    if (!tracked) throw new Error('The desktop walk signs in first');
    await tracked.page.setViewportSize({ width: 390, height: 844 });
    const problems = await visitEveryRoute(tracked.page, ids, 'phone');
    // Last, the page a person sees after 'Log out'.
    await tracked.page.getByRole('button', { name: 'Log out' }).click();
    await tracked.page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    problems.push(...(await axeViolations(tracked.page)).map((problem) => `phone signed out: ${problem}`));
    problems.push(...(await sidewaysScroll(tracked.page)).map((problem) => `phone signed out: ${problem}`));
    expect(problems).toEqual([]);
    expect(tracked.pageErrors).toEqual([]);
    expect(tracked.cspViolations).toEqual([]);
    await tracked.context.close();
  }, 300_000);

  test('the page of a visitor who is not signed in: sign-up', async () => {
    const { page, context } = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Sign Up to CRM' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
