import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { format } from 'date-fns';
import { browserForFile, chooseIn, combobox, expectNoDeveloperWords, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

/** Calendar events: /calendar, /add-Calendar and /edit-Calendar/{id} against the running stack. */
const browser = browserForFile();

const loaded = (page: Page) => page.getByRole('status').filter({ hasText: /^Loading/ }).waitFor({ state: 'detached' });
/** A day of the shown month's grid, by the name a screen reader gives it. */
const dayCell = (page: Page, date: Date) => page.getByRole('cell', { name: new RegExp(`^${format(date, 'EEEE d MMMM')}\\b`) });

// The tests share one database: every event they make is their own by its name.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('calendar events', () => {
  test('an event added with Add Event shows on its day; edited, the day shows the change', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/calendar');
    await loaded(page);
    await page.getByRole('link', { name: 'Add Event' }).click();
    await page.waitForURL('**/add-Calendar');
    await page.getByRole('heading', { name: 'Add Event', level: 1 }).waitFor();
    const today = new Date();
    await expect(page.getByLabel('Start date').inputValue()).resolves.toBe(format(today, 'yyyy-MM-dd'));

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Title: 'Title is required.' });
    await expectNoDeveloperWords(page);
    const title = `Call ${unique()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Start time').fill('14:30');
    await page.getByLabel('End time').fill('14:00');
    await page.getByRole('button', { name: 'Save' }).click();
    // Under the end, the field it is about.
    await expect.poll(async () => Object.values(await problemsShown(page))).toEqual(['The end must not be before the start.']);
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title);

    await page.getByLabel('End time').fill('15:15');
    await page.getByLabel('Location').fill('Room 4');
    await chooseIn(page, 'Salesperson', 'rile', 'Riley Rep');
    // The deal it is about, found on the server by part of its customer's name.
    await chooseIn(page, 'Opportunity', 'wonk', /^Wonka/);
    await page.getByLabel('Notes').fill('Bring the figures.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Event created successfully').waitFor();
    await page.waitForURL(`**/calendar?month=${format(today, 'yyyy-MM')}`);
    await loaded(page);
    const event = dayCell(page, today).getByRole('link', { name: `14:30 ${title}` });
    await event.waitFor();

    await event.click();
    await page.waitForURL(/\/edit-Calendar\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title);
    await expect(page.getByLabel('Start time').inputValue()).resolves.toBe('14:30');
    await expect(page.getByLabel('End time').inputValue()).resolves.toBe('15:15');
    await expect(page.getByLabel('Location').inputValue()).resolves.toBe('Room 4');
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('Bring the figures.');
    await expect(combobox(page, 'Salesperson').inputValue()).resolves.toBe('Riley Rep');
    await expect(combobox(page, 'Opportunity').inputValue()).resolves.toMatch(/^Wonka — /);

    const renamed = `${title} (all day)`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByLabel('All day').check();
    await expect(page.getByLabel('Start time').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Event updated successfully').waitFor();
    await page.waitForURL(`**/calendar?month=${format(today, 'yyyy-MM')}`);
    await loaded(page);
    await dayCell(page, today).getByRole('link', { name: `All day ${renamed}` }).waitFor();
    await expect(dayCell(page, today).getByRole('link', { name: `14:30 ${title}` }).count()).resolves.toBe(0);
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a day's add link opens Add Event on that day; Delete asks first, then the event is gone", async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/calendar');
    await loaded(page);
    const now = new Date();
    // The 1st of the month is always in the shown month.
    const first = new Date(now.getFullYear(), now.getMonth(), 1);
    await page.getByRole('link', { name: `Add an event on ${format(first, 'EEEE d MMMM')}` }).click();
    await page.waitForURL(`**/add-Calendar?date=${format(first, 'yyyy-MM-dd')}`);
    await expect(page.getByLabel('Start date').inputValue()).resolves.toBe(format(first, 'yyyy-MM-dd'));
    await expect(page.getByLabel('End date').inputValue()).resolves.toBe(format(first, 'yyyy-MM-dd'));
    const title = `Visit ${unique()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Event created successfully').waitFor();
    await page.waitForURL(`**/calendar?month=${format(first, 'yyyy-MM')}`);
    await loaded(page);

    await dayCell(page, first).getByRole('link', { name: `09:00 ${title}` }).click();
    await page.waitForURL(/\/edit-Calendar\/\d+$/);
    await page.getByLabel('Title').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the event?' });
    await dialog.getByText('You can undo this for a few seconds.').waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // A few seconds to undo, then it goes.
    await page.getByRole('status').filter({ hasText: 'The event will be deleted in a few seconds.' }).waitFor();
    await toast(page, 'Event deleted successfully').waitFor();
    await page.waitForURL(`**/calendar?month=${format(first, 'yyyy-MM')}`);
    await loaded(page);
    await dayCell(page, first).waitFor();
    await expect(page.getByRole('link', { name: new RegExp(title) }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("an unknown event id, or no id, shows 'Page Not Found'", async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/edit-Calendar/2147483647');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/edit-Calendar/tomorrow');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });

  test("on a phone the month's events are listed under the grid, and the screens fit its width", async () => {
    const { page, context } = await browser.newPage({ width: 390, height: 844 });
    await signInAndOpen(page, 'rep@demo.test', '/add-Calendar');
    const title = `Lunch ${unique()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Start time').fill('12:00');
    await page.getByLabel('End time').fill('13:00');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Event created successfully').waitFor();
    await page.waitForURL(`**/calendar?month=${format(new Date(), 'yyyy-MM')}`);
    await loaded(page);
    const agenda = page.getByRole('region', { name: `Events in ${format(new Date(), 'MMMM yyyy')}` });
    await agenda.getByRole('link', { name: `12:00 ${title}` }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await context.close();
  });
});
