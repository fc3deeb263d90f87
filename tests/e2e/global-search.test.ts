import { describe, expect, test } from 'vitest';
import { browserForFile, signInAndOpen } from '../support/browser.ts';

const browser = browserForFile();

describe('the global search', () => {
  test('Ctrl+K finds a customer by part of its name, highlighted, and Enter opens it', async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 1280, height: 800 });
    await signInAndOpen(page, 'rep@demo.test', '/activity');
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
    // The shortcuts work once the search is in the top bar, as a person sees it (its script loads after the screen's).
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Search…' });
    await trigger.waitFor();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const field = dialog.getByRole('combobox');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.pressSequentially('akatom');
    const hit = dialog.getByRole('option', { name: /Customer\s*Nakatomi Trading/ });
    await hit.waitFor();
    await expect(hit.locator('mark').first().innerText()).resolves.toBe('akatom');
    await expect(hit.getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/customer\/\d+$/);
    await dialog.waitFor({ state: 'detached' });

    // '/' opens it too, but not while typing in a field; Escape closes it.
    await page.goto('/activity');
    await trigger.waitFor();
    const search = page.getByRole('main').getByRole('searchbox').first();
    await search.fill('x/');
    expect(await dialog.count()).toBe(0);
    await page.getByRole('heading', { name: 'Activities', level: 1 }).click();
    await page.keyboard.press('/');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
