// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ServicesProvider } from '../../../../src/ui/kit/services';
import { json, screenRoot, screenServices } from '../../../support/screen-harness.ts';
import UserListScreen from '../../../../src/ui/users/UserListScreen';
import { tenantOfUsers } from '../../../support/fixtures/users';

/** The screen's services: a signed-in Super Admin of tenant 1, and an API answering with `users`. */
const servicesFor = (users: unknown[]) =>
  screenServices({ '/api/users/getAllData/1': json(users) }, { profile: { tenant_id: 1, role_id: 1 } });

const screen = screenRoot({ quietConsole: false });
const { until } = screen;

function type(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const summary = () => screen.container.querySelector('.pager__summary')?.textContent ?? '';

describe('the user list screen with a tenant of 10,000 users', () => {
  // How fast is a benchmark's question (npm run bench), not a test's: this proves what renders.
  test('each keystroke in the search box re-renders only matching rows at once', async () => {
    await act(async () => {
      screen.render(
        <StrictMode>
          <ServicesProvider services={servicesFor(tenantOfUsers(10_000))}>
            <UserListScreen />
          </ServicesProvider>
        </StrictMode>,
      );
    });
    await until(() => summary() === 'Showing 1 to 10 of 10000 results');
    const search = screen.container.querySelector<HTMLInputElement>('input[placeholder="Search..."]')!;

    for (const value of ['g', 'gr', 'gra', 'grac', 'grace', 'grace 0', 'grace 00', 'grace 000', 'grace 0001', 'admin']) {
      act(() => type(search, value));
      // The render is done when act returns: the rows already match what was typed.
      const rows = [...screen.container.querySelectorAll('tbody tr')];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.textContent!.toLowerCase()).toContain(value);
    }
    expect(summary()).toMatch(/^Showing 1 to 10 of \d+ results$/);
  });
});
