import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password';

/** The flags this machine needs: no sandbox as root, and no calls home on a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  browser: Browser;
  baseUrl: string;
  /** A fresh context (own storage) with a page that records CSP violations and page errors. */
  newPage(options?: { width?: number; height?: number }): Promise<TrackedPage>;
  close(): Promise<void>;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Every Content-Security-Policy violation the page reported. */
  cspViolations: string[];
  pageErrors: string[];
}

export async function openBrowser(): Promise<BrowserSession> {
  // Playwright gives every launch a fresh, empty profile directory of its own.
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_FLAGS });
  const baseUrl = inject('baseUrl');
  return {
    browser,
    baseUrl,
    async newPage({ width = 1280, height = 800 } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
      const page = await context.newPage();
      const tracked: TrackedPage = { page, context, cspViolations: [], pageErrors: [] };
      page.on('console', (message) => {
        if (/Content[ -]Security[ -]Policy/i.test(message.text())) tracked.cspViolations.push(message.text());
      });
      page.on('pageerror', (error) => tracked.pageErrors.push(error.message));
      return tracked;
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * Signs in through the real provider's form, from a protected route: the app sends
 * the visitor to the provider, which sends them back to /dashboard.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, startAt = '/dashboard'): Promise<void> {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}


/**
 * The browser of one test file: opened before its tests, closed after them. The
 * session answers only once the file's tests run.
 */
export function browserForFile(): BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });
  const current = (): BrowserSession => {
    if (!session) throw new Error('The browser opens before the tests of the file run');
    return session;
  };
  return {
    get browser() {
      return current().browser;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    newPage: (options) => current().newPage(options),
    close: () => current().close(),
  };
}

/** Signs in at /signin as `email` (landing on /dashboard), then opens `path`. */
export async function signInAndOpen(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email, DEMO_PASSWORD, '/signin');
  await page.waitForURL('**/dashboard');
  await page.goto(path);
}

/** A toast showing `text`. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/**
 * Holds the next toast showing `text` from the moment it appears, as a pointer resting on it
 * does (the toasts pause while the pointer is over them). A success toast shows for 2 s, less
 * than a busy machine may take between the test seeing it and the pointer reaching it; call
 * this before the action that raises the toast, then hover it as a person would.
 */
export async function holdToastOnArrival(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const arrived = new MutationObserver(() => {
      const shown = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes(wanted));
      if (!shown) return;
      arrived.disconnect();
      shown.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    arrived.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

/**
 * Every problem a form shows, as a person's screen reader hears it: each control
 * marked `aria-invalid` by its label, with the problem its `aria-describedby` names.
 */
export async function problemsShown(scope: Page | Locator): Promise<Record<string, string>> {
  return scope.locator('[aria-invalid="true"]').evaluateAll((controls) =>
    Object.fromEntries(
      controls.map((control) => {
        const label = (control as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? control.id;
        // The problem is the first description; a hint may follow it.
        const [problemId = ''] = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
        return [label, control.ownerDocument.getElementById(problemId)?.textContent?.trim() ?? ''];
      }),
    ),
  );
}

/** The label of the control that has focus. */
export async function focusedLabel(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim());
}

/** No words meant for developers ('body.phone …', a schema's name) anywhere on the page. */
export async function expectNoDeveloperWords(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  if (/\bbody[./]|#\/components|must match (?:format|pattern)/.test(text)) throw new Error(`developer words on the page: ${text}`);
}

/** The searchable choice (a combobox) a field's label names. */
export const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: label, exact: true });

/**
 * Chooses in a combobox as a person does: types part of a name, waits for the option
 * naming `option` (the typed text when not given) and taps it. Answers the chosen
 * option's label, as the input then shows it.
 */
export async function chooseIn(scope: Page | Locator, label: string, typed: string, option: string | RegExp = typed): Promise<string> {
  const input = combobox(scope, label);
  await input.fill(typed);
  const listbox = scope.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
  const offered = listbox.getByRole('option', { name: option }).first();
  await offered.click();
  const chosen = await input.inputValue();
  if (!chosen) throw new Error(`nothing chosen in ${label} after typing ${typed}`);
  return chosen;
}
