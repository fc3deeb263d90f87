import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { browserForFile, holdToastOnArrival, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();

// The browser tests share one database: every run saves views of its own.
const run = Date.now().toString(36);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** Saves the opportunity list as a view, which says so in a toast for 2 s, held from its arrival. */
async function saveView(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await holdToastOnArrival(page, `View "${name}" saved`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, `View "${name}" saved`).waitFor();
}

describe('the top bar and the navigation', () => {
  test.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])("at $width px a toast shows top-right below the top bar, and 'Log out' takes a click while it shows", async ({ width, height }) => {
    const { page, context, pageErrors } = await browser.newPage({ width, height });
    await signInAndOpen(page, 'rep@demo.test', '/opportunity');
    const name = `Toast ${width} ${run}`;
    await saveView(page, name);
    const shown = toast(page, name);
    // A toast stays while the pointer rests on it, so what follows does not race its 2 s (held from its
    // arrival, since reaching it could take longer on a busy machine; hovering also waits for it to have
    // slid in and to stand still).
    await shown.hover();

    const bar = await box(page.getByRole('banner'));
    const [placed, viewport] = [await box(shown), page.viewportSize()!];
    expect(placed.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(viewport.width - (placed.x + placed.width)).toBeLessThan(placed.x);
    // While it shows, a click on 'Log out' reaches the button, not the toast.
    const logOut = page.getByRole('button', { name: 'Log out' });
    const target = await box(logOut);
    const reached = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      { x: target.x + target.width / 2, y: target.y + target.height / 2 },
    );
    expect(reached).toBe('Log out');
    expect(await shown.isVisible()).toBe(true);
    await logOut.click();
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("on a phone the navigation strip fades the side that hides links, shows the current page's link whole, and axe finds nothing", async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 390, height: 844 });
    await signInAndOpen(page, 'rep@demo.test', '/salesperson');
    await page.getByRole('heading', { name: 'Salespersons', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const fade = () => nav.evaluate((strip) => getComputedStyle(strip).maskImage);
    const current = nav.getByRole('link', { name: 'Salespersons' });
    await expect(current.getAttribute('aria-current')).resolves.toBe('page');

    // Far along the strip: brought into view, clear of the fades on both sides.
    await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\).*rgba\(0, 0, 0, 0\)\)$/);
    const [strip, link] = [await box(nav), await box(current)];
    const clear = await nav.evaluate((element) => parseFloat(getComputedStyle(element).scrollPaddingInlineStart));
    expect(clear).toBeGreaterThan(0);
    expect(link.x).toBeGreaterThanOrEqual(strip.x + clear - 1);
    expect(link.x + link.width).toBeLessThanOrEqual(strip.x + strip.width - clear + 1);
    expect(await axeViolations(page)).toEqual([]);

    // At either end, only the other side fades.
    await nav.evaluate((element) => element.scrollTo({ left: 0 }));
    await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\) .*rgba\(0, 0, 0, 0\)\)$/);
    await nav.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(fade).toMatch(/^linear-gradient\(to left, /);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
