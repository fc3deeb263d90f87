import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, expectNoDeveloperWords, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();


/** The read-only Team field of a salesperson's Edit Salesperson screen, once its teams have loaded. */
async function teamFieldOf(page: Page, salesperson: string): Promise<string> {
  await page.goto('/salesperson');
  // The list goes by pages of ten: the search brings the salesperson onto the first.
  await page.getByLabel('Search salespersons by name, email, phone or mobile').fill(salesperson);
  const searched = page.waitForResponse((response) => response.url().endsWith('/api/teams/searchTeam') && response.ok());
  await page.getByRole('link', { name: salesperson, exact: true }).click();
  await page.waitForURL(/\/edit-Salesperson\/\d+$/);
  const teams = ((await (await searched).json()) as Array<{ name: string }>).map((team) => team.name);
  const field = page.getByLabel('Team');
  // The field shows what the search answered, joined by commas.
  await expect.poll(() => field.inputValue()).toBe(teams.join(', '));
  return field.inputValue();
}

describe('Add Team and Edit Team', () => {
  test('a team is added with a member chosen by keyboard, edited, and the Edit Salesperson Team field follows', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    // Tests share one database: a name of this run's own.
    const name = `E2E Team ${Date.now()}`;
    await signInAndOpen(page, 'manager@demo.test', '/team');

    await page.getByRole('link', { name: 'Add Team' }).click();
    await page.waitForURL('**/add-Team');
    await page.getByRole('heading', { name: 'Add Team' }).waitFor();
    await page.getByRole('checkbox', { name: 'Riley Rep' }).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Name: 'Name is required.' });
    await expectNoDeveloperWords(page);

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Search salespersons').fill('riley');
    await expect(page.getByRole('checkbox').count()).resolves.toBe(1);
    await page.getByRole('checkbox', { name: 'Riley Rep' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Riley Rep' }).isChecked()).resolves.toBe(true);
    await page.getByText(/^1 member chosen of \d+$/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Team created successfully').waitFor();
    await page.waitForURL('**/team');
    const card = page.getByRole('region', { name });
    await card.getByRole('link', { name: 'Riley Rep' }).waitFor();

    expect((await teamFieldOf(page, 'Riley Rep')).split(', ')).toContain(name);

    await page.goto('/team');
    await page.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(/\/edit-Team\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Team' }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    await expect(page.getByRole('checkbox', { name: 'Riley Rep' }).isChecked()).resolves.toBe(true);

    const renamed = `${name} renamed`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('checkbox', { name: 'Riley Rep' }).uncheck();
    const unchosen = await page
      .getByRole('checkbox', { checked: false })
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels![0]!.textContent!));
    const otherName = unchosen.find((person) => person !== 'Riley Rep')!;
    await page.getByRole('checkbox', { name: otherName, exact: true }).check();
    await page.getByText('1 member chosen', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Team updated successfully').waitFor();
    await page.waitForURL('**/team');
    const renamedCard = page.getByRole('region', { name: renamed });
    await renamedCard.getByText(otherName, { exact: true }).waitFor();
    await expect(renamedCard.getByText('Riley Rep', { exact: true }).count()).resolves.toBe(0);

    const rileysTeams = (await teamFieldOf(page, 'Riley Rep')).split(', ');
    expect(rileysTeams).not.toContain(name);
    expect(rileysTeams).not.toContain(renamed);

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a name another team has is refused with the server's message, and the form keeps what was typed", async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/add-Team');
    await page.getByRole('heading', { name: 'Add Team' }).waitFor();
    await page.getByRole('checkbox').first().waitFor();
    await page.getByLabel('Name').fill('Enterprise');
    await page.getByRole('button', { name: 'Save' }).click();
    // The server's refusal lands under the field it names.
    await expect.poll(() => problemsShown(page)).toEqual({ Name: 'A team with this name already exists.' });
    expect(page.url()).toMatch(/\/add-Team$/);
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Enterprise');
    await context.close();
  });

  test('on a phone (390 × 844) the editor fits the width and every salesperson can be scrolled to', async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 390, height: 844 });
    await signInAndOpen(page, 'manager@demo.test', '/add-Team');
    await page.getByRole('checkbox').first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const last = page.getByRole('checkbox').last();
    await last.scrollIntoViewIfNeeded();
    await last.check();
    await page.getByText(/^1 member chosen of \d+$/).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('an unknown team, or an address that is no team id, shows the fallback page', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/edit-Team/2000000000');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/edit-Team/abc');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });
});
