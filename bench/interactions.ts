/**
 * How long the real app takes to answer an input on the large tenant, in
 * Chromium: the chart re-rendered after a filter change on the dashboard, and the
 * user list of 10,000 users after a keystroke in the search box, a sort or a page
 * change. Each input is timed in the page from its dispatch until the first frame
 * after it has been painted.
 */
import { chromium, type Browser, type ElementHandle, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { percentile } from './figures.ts';
import { rendererMainThreads, since, type ThreadTime } from './renderer-time.ts';

const LOAD_TIMEOUT_MS = 90_000;

/**
 * Without a frame-rate limit Chromium renders a frame asked for on a quiet page at
 * once, instead of at the next 60 Hz tick: otherwise up to 16.7 ms of idle waiting
 * for vsync would be counted as the app's time (see QUIET_MS for what the flags
 * leave).
 */
export function launchUnlimitedFrames(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'] });
}

/** Signs in through the provider's form from a protected route and waits to be back on it. */
export async function signInInBrowser(page: Page, baseUrl: string, email: string, password: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}${route}`);
  await page.getByLabel('Email').fill(email, { timeout: LOAD_TIMEOUT_MS });
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === route, { timeout: LOAD_TIMEOUT_MS });
}

type Input = { kind: 'click' } | { kind: 'type'; text: string } | { kind: 'select'; value: string };

/**
 * How long the page must have had no frame for the next one to start as soon as
 * it is asked for. Even with the frame-rate limit off, headless Chromium starts a
 * frame no sooner than one 60 Hz interval after the previous one: an input right
 * after a frame waits up to 16.7 ms for its own. Measured with Chromium 156 on
 * this machine, a frame asked for 0, 10, 20 and 34 ms after the previous one
 * started a median 16.8, 6.6, 0.3 and 0.4 ms later (90th percentile 17.9, 7.6,
 * 3.8 and 0.4 ms).
 */
const QUIET_MS = 50;

/**
 * Milliseconds from dispatching `input` on `element` until the first frame after
 * it has been styled, laid out, painted and handed to the compositor: the time a
 * person waits for the changed screen, less the display's wait for its next tick.
 * The app renders an input in the same task (React renders discrete events
 * synchronously), so that frame is the one showing the change.
 */
async function timeInput(element: ElementHandle, input: Input): Promise<number> {
  return element.evaluate(
    async (target, { input, quietMs }) => {
      // Start from a quiet page: the previous input's frame is done, and long enough ago not to hold the next one back.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, quietMs)));
      // Asked for before the input, so that this is the frame's first callback and the task after the frame
      // is queued ahead of any work the app itself puts off until after the frame (the dashboard's address).
      // The callback runs before the frame's style, layout and paint; the task after it, once they are done.
      const painted = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      // The marks delimit each input in a Chromium trace of the run.
      const started = performance.mark('bench:input').startTime;
      if (input.kind === 'click') {
        (target as HTMLElement).click();
      } else {
        // React tracks the value a field had; the native setter makes the change visible to it.
        const prototype = input.kind === 'type' ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(target, input.kind === 'type' ? input.text : input.value);
        target.dispatchEvent(new Event(input.kind === 'type' ? 'input' : 'change', { bubbles: true }));
      }
      await painted;
      return performance.mark('bench:painted').startTime - started;
    },
    { input, quietMs: QUIET_MS },
  );
}

async function handle(locator: Locator): Promise<ElementHandle> {
  return (await locator.elementHandle({ timeout: LOAD_TIMEOUT_MS }))!;
}

/**
 * One round of filter changes on a ready dashboard; the 90th percentile of their
 * re-render times, and how long the page's main thread ran and waited for a core
 * over the round.
 */
export async function chartRerenderRound(page: Page): Promise<{ p90: number; inputs: number; thread: ThreadTime | undefined }> {
  const granularity = page.getByRole('group', { name: 'Granularity' });
  const buttons = await Promise.all(['Week', 'Month', 'Year'].map((name) => handle(granularity.getByRole('button', { name }))));
  const salesperson = await handle(page.getByLabel('Salesperson'));
  const salespersonIds = await salesperson.evaluate((select) =>
    [...(select as HTMLSelectElement).options].map((option) => option.value).slice(0, 6),
  );
  const times: number[] = [];
  const before = rendererMainThreads();
  for (const id of salespersonIds) {
    times.push(await timeInput(salesperson, { kind: 'select', value: id }));
    for (const button of buttons) times.push(await timeInput(button, { kind: 'click' }));
  }
  return { p90: percentile(times, 0.9), inputs: times.length, thread: since(before) };
}

export async function openReadyDashboard(page: Page, baseUrl: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard') await page.goto(`${baseUrl}/dashboard`);
  await page.locator('section[aria-labelledby="dashboard-title"][aria-busy="false"] svg').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
}

export interface UserListRound {
  search: number;
  sort: number;
  page: number;
  thread: ThreadTime | undefined;
}

export async function openReadyUserList(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/user`);
  await page.getByText(/Showing 1 to 10 of/).waitFor({ timeout: LOAD_TIMEOUT_MS });
}

/** One round of keystrokes, sorts and page changes on a ready user list; the 90th percentile of each. */
export async function userListRound(page: Page): Promise<UserListRound> {
  const search = await handle(page.getByPlaceholder('Search...'));
  const before = rendererMainThreads();
  const query = 'person 1';
  const searchTimes: number[] = [];
  // Typed one key at a time, then erased one key at a time back to the full list.
  for (let length = 1; length <= query.length; length += 1) searchTimes.push(await timeInput(search, { kind: 'type', text: query.slice(0, length) }));
  for (let length = query.length - 1; length >= 0; length -= 1) searchTimes.push(await timeInput(search, { kind: 'type', text: query.slice(0, length) }));

  const sortTimes: number[] = [];
  for (const name of ['Name', 'Email', 'Name', 'Email']) {
    const header = await handle(page.getByRole('columnheader', { name }).getByRole('button'));
    sortTimes.push(await timeInput(header, { kind: 'click' }), await timeInput(header, { kind: 'click' }));
  }

  const pageTimes: number[] = [];
  const next = await handle(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }));
  for (let step = 0; step < 10; step += 1) pageTimes.push(await timeInput(next, { kind: 'click' }));
  const previous = await handle(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Previous' }));
  for (let step = 0; step < 10; step += 1) pageTimes.push(await timeInput(previous, { kind: 'click' }));

  return { search: percentile(searchTimes, 0.9), sort: percentile(sortTimes, 0.9), page: percentile(pageTimes, 0.9), thread: since(before) };
}
