import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { COMMON_PASSWORD } from '../../src/domain/passwords/common-passwords.ts';
import { browserForFile, expectNoDeveloperWords, focusedLabel, problemsShown, signIn, toast, type TrackedPage } from '../support/browser.ts';

const browser = browserForFile();

async function openSignup(): Promise<TrackedPage> {
  const tracked = await browser.newPage();
  await tracked.page.goto('/signup');
  await tracked.page.getByRole('heading', { name: 'Sign Up to CRM' }).waitFor();
  return tracked;
}

async function fillSignup(page: Page, email: string, password: string, retyped = password): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Re-type Password').fill(retyped);
}


describe('sign-up', () => {
  test('the screen: logo, heading, the three labelled fields, Create Account and the Sign in link', async () => {
    const { page, context, cspViolations, pageErrors } = await openSignup();
    await expect(page.getByLabel('Email address').getAttribute('type')).resolves.toBe('email');
    await expect(page.getByLabel('Email address').getAttribute('required')).resolves.not.toBeNull();
    await expect(page.getByRole('img', { name: 'CRM' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Already have an account?').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).resolves.toBe('/signin');
    await expect(page.getByRole('button', { name: 'Create Account' }).isEnabled()).resolves.toBe(true);
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("empty fields give 'Must fill all fields.' as a toast at the top centre", async () => {
    const { page, context } = await openSignup();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const message = toast(page, 'Must fill all fields.');
    await message.waitFor();
    const box = (await message.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(40);
    expect(box.y).toBeLessThan(120);
    await context.close();
  });

  test("bad input: every problem under its field at once (the spec's first also as a toast), nothing typed lost, gone once fixed", async () => {
    const { page, context } = await openSignup();
    // The leaked-password list arrives after the first keystroke, not with the page.
    const leakedListFetched = page.waitForResponse((response) => /leaked-passwords\.[0-9a-f]+\.txt$/.test(new URL(response.url()).pathname));
    await fillSignup(page, 'someone@', 'short', 'other');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => problemsShown(page))
      .toEqual({
        'Email address': 'Invalid email format',
        Password: 'The password must be longer than 8 characters.',
        'Re-type Password': 'Password and re-enter password must be the same.',
      });
    await expect(focusedLabel(page)).resolves.toBe('Email address');
    await toast(page, 'The password must be longer than 8 characters.').waitFor();
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('someone@');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('short');
    await expect(page.getByLabel('Re-type Password').inputValue()).resolves.toBe('other');
    await expectNoDeveloperWords(page);

    // The toast is about the password: changing it dismisses the toast and its problem.
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await toast(page, 'The password must be longer than 8 characters.').waitFor({ state: 'detached' });
    await page.getByLabel('Re-type Password').fill('password123');
    await page.getByLabel('Email address').fill('someone@demo.test');
    const signups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/signup') signups.push(request.method());
    });
    await leakedListFetched;
    await page.getByRole('button', { name: 'Create Account' }).click();
    // One message on both sides: the screen refuses a leaked password as the server would, without asking it.
    await expect.poll(() => problemsShown(page)).toEqual({ Password: COMMON_PASSWORD });
    expect(signups).toEqual([]);
    await context.close();
  });

  test("an e-mail that is no CRM user's gets 'User not found'", async () => {
    const { page, context } = await openSignup();
    await fillSignup(page, 'nobody-here@demo.test', 'tulip-harbour-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'User not found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await context.close();
  });

  test("newhire@demo.test signs up ('Signup successful!', on to /signin), can then sign in, and a second sign-up gets 'User already exists'", async () => {
    const { page, context, cspViolations, pageErrors } = await openSignup();
    const password = 'newhire-password-1';
    await fillSignup(page, 'newhire@demo.test', password);
    const signupAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/signup'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The button cannot send again while the request is in flight or after success.
    await expect(page.getByRole('button', { name: 'Create Account' }).isDisabled()).resolves.toBe(true);
    const answer = await signupAnswer;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ email: 'newhire@demo.test', password });
    await toast(page, 'Signup successful!').waitFor();
    // /signin sends the visitor on to the provider's sign-in form.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.waitForURL((url) => url.pathname !== '/signup');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect([new URL(page.url()).pathname, ...visited]).toContain('/signin');
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();

    const signedIn = await browser.newPage();
    await signIn(signedIn.page, 'newhire@demo.test', password, '/signin');
    await signedIn.page.waitForURL('**/dashboard');
    await signedIn.context.close();

    const again = await openSignup();
    await fillSignup(again.page, 'newhire@demo.test', password);
    await again.page.getByRole('button', { name: 'Create Account' }).click();
    await toast(again.page, 'User already exists').waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/signup');
    await expect(again.page.getByLabel('Email address').inputValue()).resolves.toBe('newhire@demo.test');
    await again.context.close();
  });
});
