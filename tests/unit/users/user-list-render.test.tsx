// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { createCrmClient } from '../../../src/api/client';
import type { AppServices } from '../../../src/platform/session-runtime';
import { ServicesProvider } from '../../../src/ui/app/services';
import UserListScreen from '../../../src/ui/users/UserListScreen';
import { tenantOfUsers } from './users';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The screen's services: a signed-in Super Admin of tenant 1, and an API answering with `users`. */
function servicesFor(users: unknown[]): AppServices {
  const fetch = async (request: Request | URL | string) => {
    const url = new URL(request instanceof Request ? request.url : String(request));
    if (url.pathname === '/api/users/getAllData/1') {
      return new Response(JSON.stringify(users), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  };
  const api = createCrmClient({
    baseUrl: 'http://crm.test',
    fetch: fetch as typeof globalThis.fetch,
    hooks: { accessToken: async () => 'token', tokenMissing() {}, tokenRejected() {}, showError() {} },
  });
  const session = createActor(fromTransition((state) => state, { profile: { tenant_id: 1, role_id: 1 } })).start();
  return { session, api, quietApi: api, publicApi: api } as unknown as AppServices;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(condition()).toBe(true);
}

function type(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const summary = () => container.querySelector('.pager__summary')?.textContent ?? '';

describe('the user list screen with a tenant of 10,000 users', () => {
  // How fast is a benchmark's question (npm run bench), not a test's: this proves what renders.
  test('each keystroke in the search box re-renders only matching rows at once', async () => {
    await act(async () => {
      root.render(
        <StrictMode>
          <ServicesProvider services={servicesFor(tenantOfUsers(10_000))}>
            <UserListScreen />
          </ServicesProvider>
        </StrictMode>,
      );
    });
    await until(() => summary() === 'Showing 1 to 10 of 10000 results');
    const search = container.querySelector<HTMLInputElement>('input[placeholder="Search..."]')!;

    for (const value of ['g', 'gr', 'gra', 'grac', 'grace', 'grace 0', 'grace 00', 'grace 000', 'grace 0001', 'admin']) {
      act(() => type(search, value));
      // The render is done when act returns: the rows already match what was typed.
      const rows = [...container.querySelectorAll('tbody tr')];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.textContent!.toLowerCase()).toContain(value);
    }
    expect(summary()).toMatch(/^Showing 1 to 10 of \d+ results$/);
  });
});
