import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, expectNoDeveloperWords, focusedLabel, problemsShown, signInAndOpen, toast, type TrackedPage } from '../support/browser.ts';

const browser = browserForFile();

/** Signs in as `email` and opens the user list. */
async function openUserList(email: string): Promise<TrackedPage> {
  const tracked = await browser.newPage();
  await signInAndOpen(tracked.page, email, '/user');
  await tracked.page.getByRole('heading', { name: 'User', exact: true }).waitFor();
  await summary(tracked.page).waitFor();
  return tracked;
}

const summary = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);
const bodyRows = (page: Page) => page.locator('tbody tr');
const namesShown = (page: Page) => page.locator('tbody tr td:nth-child(2)').allInnerTexts();

describe('the user list (/user)', () => {
  test('pages through the Demo users ten at a time, with page numbers, Previous and Next', async () => {
    const { page, context, cspViolations, pageErrors } = await openUserList('admin@demo.test');
    const first = (await summary(page).innerText()).match(/^Showing 1 to 10 of (\d+) results$/);
    expect(first).not.toBeNull();
    const total = Number(first![1]);
    expect(total).toBeGreaterThanOrEqual(25);
    expect(await bodyRows(page).count()).toBe(10);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(previous.isDisabled()).resolves.toBe(true);

    await next.click();
    await expect(summary(page).innerText()).resolves.toBe(`Showing 11 to 20 of ${total} results`);
    await expect(page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');

    const lastPage = Math.ceil(total / 10);
    await page.getByRole('button', { name: `Page ${lastPage}` }).click();
    await expect(summary(page).innerText()).resolves.toBe(`Showing ${(lastPage - 1) * 10 + 1} to ${total} of ${total} results`);
    await expect(next.isDisabled()).resolves.toBe(true);
    await previous.click();
    await expect(summary(page).innerText()).resolves.toBe(`Showing ${(lastPage - 2) * 10 + 1} to ${(lastPage - 1) * 10} of ${total} results`);

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("searching by name, email and role; sorting by a header; 'No data available' when nothing matches", async () => {
    const { page, context } = await openUserList('admin@demo.test');
    const search = page.getByPlaceholder('Search...');
    await search.fill('morgan');
    await expect(namesShown(page)).resolves.toEqual(['Morgan Manager']);
    await search.fill('rep@demo');
    await expect(namesShown(page)).resolves.toEqual(['Riley Rep']);
    await search.fill('super admin');
    await expect(namesShown(page)).resolves.toEqual(['Alex Admin']);
    await search.fill('no such person anywhere');
    await page.getByText('No data available').waitFor();
    await search.fill('');

    const nameHeader = page.getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader.getAttribute('aria-sort')).resolves.toBe('ascending');
    const ascending = await namesShown(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await nameHeader.getByRole('button').click();
    await expect(nameHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    const descending = await namesShown(page);
    expect(descending[0]!.localeCompare(ascending[0]!)).toBeGreaterThan(0);

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    const rowBoxes = page.locator('tbody input[type="checkbox"]');
    for (const box of await rowBoxes.all()) await expect(box.isChecked()).resolves.toBe(true);
    await context.close();
  });

  test("creating a user: every problem at once under its field, nothing typed lost, then 'User created successfully'", async () => {
    const { page, context } = await openUserList('admin@demo.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(dialog.getByLabel('Role').inputValue()).resolves.toBe('3');
    await expect(dialog.getByLabel('Role').locator('option').allInnerTexts()).resolves.toEqual(['Admin', 'User']);

    await dialog.getByRole('button', { name: 'Create' }).click();
    const missing = 'Must provide all fields';
    await expect.poll(() => problemsShown(dialog)).toEqual({ Name: missing, Email: missing, Password: missing, Phone: missing, Mobile: missing });
    await expect(focusedLabel(page)).resolves.toBe('Name');

    const typed = { Name: 'Dana Newcomer', Email: 'rep@demo.test', Password: 'dana-password-1', Phone: '12', Mobile: '0151555010' };
    for (const [label, value] of Object.entries(typed)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => problemsShown(dialog))
      .toEqual({ Email: 'Email already exists', Phone: 'Invalid Phone number format', Mobile: 'Invalid Phone number format' });
    await expect(focusedLabel(page)).resolves.toBe('Email');
    for (const [label, value] of Object.entries(typed)) await expect(dialog.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(value);
    await expectNoDeveloperWords(page);

    // A fixed field's problem goes as soon as it changes; the others stay until the next try.
    await dialog.getByLabel('Email').fill('dana.newcomer@demo.test');
    await expect.poll(() => problemsShown(dialog)).toEqual({ Phone: 'Invalid Phone number format', Mobile: 'Invalid Phone number format' });
    await dialog.getByLabel('Phone').fill('+4930555010');
    await dialog.getByLabel('Mobile').fill('+49151555010');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'User created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByPlaceholder('Search...').fill('dana.newcomer');
    // The list loads again after the save: the new row arrives with it.
    await expect.poll(() => namesShown(page)).toEqual(['Dana Newcomer']);
    await expect(page.locator('tbody tr td:nth-child(5)').innerText()).resolves.toBe('User');
    await context.close();
  });

  test('a refused request keeps what was typed in the modal; Close, a reload and Escape then ask, keeping the changes keeps them, discarding discards them', async () => {
    const { page, context } = await openUserList('admin@demo.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    // Another tenant's address: not in this list, so only the server can refuse it.
    await dialog.getByLabel('Name').fill('Gale Again');
    await dialog.getByLabel('Email').fill('admin@globex.test');
    await dialog.getByLabel('Password').fill('gale-password-1');
    await dialog.getByLabel('Phone').fill('+4930555011');
    await dialog.getByLabel('Mobile').fill('+49151555011');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The server's refusal lands under the field it names.
    await expect.poll(() => problemsShown(dialog)).toEqual({ Email: 'Email already exists' });
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Gale Again');
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe('admin@globex.test');
    await expect(dialog.getByRole('button', { name: 'Create' }).isEnabled()).resolves.toBe(true);

    // Closing a changed form asks first; keeping the changes brings the form back as typed.
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await question.getByText('You have changes that are not saved.').waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Gale Again');
    await expect(dialog.getByLabel('Mobile').inputValue()).resolves.toBe('+49151555011');
    // A reload gets the browser's own question; staying keeps the dialog as typed.
    const asked = new Promise<string>((resolve) => page.once('dialog', (prompt) => void prompt.dismiss().then(() => resolve(prompt.type()))));
    void page.reload().catch(() => {});
    await expect(asked).resolves.toBe('beforeunload');
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe('admin@globex.test');

    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(dialog.count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('');
    // Nothing typed, nothing to lose: Close closes at once.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  test("updating a user: the stored password masked and disabled, 'User updated successfully', the server's data shown", async () => {
    const { page, context } = await openUserList('admin@demo.test');
    await page.getByPlaceholder('Search...').fill('jordan');
    await page.getByRole('button', { name: 'Jordan Baker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update User' });
    await dialog.waitFor();
    const stored = dialog.getByLabel('Password', { exact: true });
    await expect(stored.isDisabled()).resolves.toBe(true);
    await expect(stored.getAttribute('type')).resolves.toBe('password');
    await expect(dialog.getByLabel('Role').isEnabled()).resolves.toBe(true);

    await dialog.getByLabel('Name').fill('Jordan Baker-Hughes');
    await dialog.getByLabel('Role').selectOption({ label: 'Admin' });
    const update = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Update' }).click();
    expect(new URL((await update).url()).pathname).toMatch(/^\/api\/users\/nohash\/\d+$/);
    await toast(page, 'User updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Jordan Baker-Hughes' }).waitFor();
    await expect(page.locator('tbody tr td:nth-child(5)').innerText()).resolves.toBe('Admin');
    await context.close();
  });

  test('the super admin keeps their role and is saved through the admin endpoint; Escape on a changed modal asks, then discards what was typed', async () => {
    const { page, context } = await openUserList('admin@demo.test');
    await page.getByPlaceholder('Search...').fill('admin@demo.test');
    await page.getByRole('button', { name: 'Alex Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update User' });
    await expect(dialog.getByLabel('Role').isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Name').fill('Typed Then Discarded');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Alex Admin' }).click();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Alex Admin');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Saving the super admin goes through the admin endpoint, keeping the password.
    await page.getByRole('button', { name: 'Alex Admin' }).click();
    const update = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await update;
    expect(new URL(sent.url()).pathname).toMatch(/^\/api\/users\/admin\/nohash\/\d+$/);
    expect(sent.postDataJSON()).toMatchObject({ name: 'Alex Admin', email: 'admin@demo.test', role_id: 1 });
    await toast(page, 'User updated successfully').waitFor();
    await context.close();
  });

  test("as manager@demo.test (an Admin): a User made Admin through the modal saves with 'User updated successfully'; the Super Admin shows read-only with the reason", async () => {
    const { page, context } = await openUserList('manager@demo.test');
    await page.getByPlaceholder('Search...').fill('jamie');
    await page.getByRole('button', { name: 'Jamie Evans' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update User' });
    await expect(dialog.getByLabel('Role').locator('option').allInnerTexts()).resolves.toEqual(['Admin', 'User']);
    await dialog.getByLabel('Role').selectOption({ label: 'Admin' });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The list refetches: the row shows what the server stored.
    await expect.poll(() => page.locator('tbody tr td:nth-child(5)').innerText()).toBe('Admin');

    await page.getByPlaceholder('Search...').fill('admin@demo.test');
    await page.getByRole('button', { name: 'Alex Admin' }).click();
    await dialog.getByText('Only a Super Admin can change the Super Admin.').waitFor();
    for (const label of ['Name', 'Email', 'New Password']) {
      const field = dialog.getByLabel(label, { exact: true });
      await expect(field.isEditable()).resolves.toBe(false);
    }
    await expect(dialog.getByLabel('Role').isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Update' }).isDisabled()).resolves.toBe(true);
    await context.close();
  });

  test('an Admin may only give the role User when creating', async () => {
    const { page, context } = await openUserList('manager@demo.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    const role = page.getByRole('dialog', { name: 'Create User' }).getByLabel('Role');
    await expect(role.locator('option').allInnerTexts()).resolves.toEqual(['User']);
    await context.close();
  });

  test('with a tenant of 10,000 users, the search box narrows the list as each character is typed (its speed per keystroke is measured by npm run bench)', async () => {
    const { page, context } = await browser.newPage();
    const users = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      name: `${['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara'][i % 5]} ${String(i).padStart(5, '0')}`,
      email: `user${i + 1}@big.test`,
      password: i % 4 === 0 ? '' : '********',
      tenant_id: 1,
      role_id: i === 0 ? 1 : i % 7 === 0 ? 2 : 3,
      role: i === 0 ? 'Super Admin' : i % 7 === 0 ? 'Admin' : 'User',
      status: 1,
    }));
    // Only the list answer is replaced: sign-in, session and the screen are the real ones.
    await page.route('**/api/users/getAllData/*', (route) => route.fulfill({ json: users }));
    await signInAndOpen(page, 'admin@demo.test', '/user');
    await page.getByText('Showing 1 to 10 of 10000 results').waitFor();

    const search = page.getByPlaceholder('Search...');
    // 'Grace' is every fifth user from the second; 'grace 000' the first hundred of them, 'grace 0001' two.
    for (const [typed, results] of [['grace', 2000], ['grace 000', 20], ['grace 0001', 2]] as const) {
      await search.fill(typed);
      await page.getByText(`Showing 1 to ${Math.min(10, results)} of ${results} results`).waitFor();
    }
    await context.close();
  });

  test("a User-role account (rep@demo.test) gets the fallback page 'Page Not Found' at /user", async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/user');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByPlaceholder('Search...').count()).resolves.toBe(0);
    await context.close();
  });
});
