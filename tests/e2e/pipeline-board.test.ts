import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Schemas } from '../../src/api/client.ts';
import { formatUnits } from '../../src/ui/kit/format.ts';
import { browserForFile, chooseIn, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();
const run = Date.now().toString(36);
/** Next year: a deal dated there used to be saved and then shown nowhere (issue 16). */
const nextYear = new Date().getFullYear() + 1;

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const card = (scope: Locator, customer: string) => scope.getByRole('listitem').filter({ has: scope.page().getByRole('link', { name: customer, exact: true }) });
const saved = (page: Page) => page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/opportunities\/\d+$/.test(response.url()));

/** The board of next year, only the signed-in salesperson's deals. */
async function openNextYearsBoard(page: Page) {
  await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
  await column(page, 'Qualification').waitFor();
  const loaded = page.waitForResponse((response) => response.url().includes(`/api/opportunities/board/`) && response.url().includes(`year=${nextYear}`));
  await page.getByLabel('Year').selectOption(String(nextYear));
  await loaded;
  await column(page, 'Qualification').waitFor();
  // Chosen by typing, as any salesperson of a long list would be.
  const own = page.waitForResponse((response) => response.url().includes(`/api/opportunities/board/`) && response.url().includes('salesperson='));
  await chooseIn(page, 'Salesperson', 'min', 'Mine');
  await own;
  await column(page, 'Qualification').waitFor();
}

describe('the pipeline board', () => {
  test('shows each stage with its count and weighted total; a deal saved in next year is found in the list, moved by mouse and by keyboard it stays moved after a reload, by touch too, and a refused move goes back with a message', async () => {
    const { page, context, pageErrors, cspViolations } = await browser.newPage();
    const board = page.waitForResponse((response) => /\/api\/opportunities\/board\/\d+\?/.test(response.url()));
    await signInAndOpen(page, 'rep@demo.test', '/pipeline');
    const columns = (await (await board).json()) as Schemas['BoardColumn'][];
    for (const { stage, count, weighted } of columns) {
      const region = column(page, stage.charAt(0).toUpperCase() + stage.slice(1));
      const figures = async () => (await region.locator('header p').innerText()).replace(/\s+/g, ' ');
      await expect.poll(figures).toBe(`${count} ${count === 1 ? 'deal' : 'deals'} ${formatUnits(Math.round(weighted * 10_000), 'EUR')}`);
    }
    const firstCard = column(page, 'Qualification').getByRole('listitem').first().getByRole('link');
    expect(await firstCard.getAttribute('href')).toBe(`/opportunity/${columns[0]!.cards[0]!.id}`);

    // Saved in next year, then found in the opportunity list under that year.
    const customer = `E2E Board ${run}`;
    await page.goto('/add-Opportunity');
    await page.getByLabel('Customer').fill(customer);
    await page.getByLabel('Date').fill(`${nextYear}-03-15`);
    await page.getByLabel('Revenue', { exact: true }).fill('5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Opportunity created successfully').waitFor();
    await page.waitForURL('**/opportunity');
    await page.getByLabel('Year').selectOption(String(nextYear));
    await page.getByRole('table').getByText(customer, { exact: true }).waitFor();

    // By mouse, from Qualification to Proposal, which offers 30 %.
    await page.goto('/pipeline');
    await openNextYearsBoard(page);
    const dragged = card(column(page, 'Qualification'), customer);
    const from = (await dragged.boundingBox())!;
    const to = (await column(page, 'Proposal').boundingBox())!;
    const mouseSave = saved(page);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 200, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => card(column(page, 'Proposal'), customer).count()).toBe(1);
    expect((await mouseSave).status()).toBe(200);
    await expect(card(column(page, 'Proposal'), customer).innerText()).resolves.toContain('30 %');
    await page.reload();
    await openNextYearsBoard(page);
    await card(column(page, 'Proposal'), customer).waitFor();

    // By keyboard: picked up, one column to the right, dropped; the live region says each step.
    const keyboardSave = saved(page);
    await page.getByRole('button', { name: `Move ${customer}` }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Picked up ${customer} in Proposal` }).count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: `Moved ${customer} to Negotiation at 60 %.` }).waitFor();
    // The focus went with the deal to its new column.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${customer}`);
    await expect(card(column(page, 'Negotiation'), customer).getByRole('button').evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect((await keyboardSave).status()).toBe(200);
    await page.reload();
    await openNextYearsBoard(page);
    await card(column(page, 'Negotiation'), customer).waitFor();

    // By touch: a finger rests on the card, then carries it to Closed won.
    const touchSave = saved(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const held = (await card(column(page, 'Negotiation'), customer).boundingBox())!;
    const won = (await column(page, 'Closed won').boundingBox())!;
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(held.x + held.width / 2, held.y + held.height / 2) });
    // The long press that tells a drag from a swipe (250 ms).
    await page.waitForTimeout(400);
    for (let step = 1; step <= 10; step++) {
      const x = held.x + held.width / 2 + ((won.x + won.width / 2 - held.x - held.width / 2) * step) / 10;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, won.y + 200) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect((await touchSave).status()).toBe(200);
    await card(column(page, 'Closed won'), customer).waitFor();

    // Refused: the server answers 409, so the deal goes back to Closed won and the person is told.
    await page.route('**/api/opportunities/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'The opportunity was changed meanwhile.' }) })
        : route.fallback(),
    );
    await page.getByRole('button', { name: `Move ${customer}` }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    const message = `${customer} could not be moved to Closed lost and is back in Closed won: The opportunity was changed meanwhile.`;
    // The toast, and the live region's announcement.
    await expect.poll(() => toast(page, message).count()).toBe(2);
    await expect.poll(() => card(column(page, 'Closed won'), customer).count()).toBe(1);
    await expect(card(column(page, 'Closed lost'), customer).count()).resolves.toBe(0);
    await expect.poll(() => card(column(page, 'Closed won'), customer).getByRole('button').evaluate((button) => button === document.activeElement)).toBe(true);

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
