import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { createCrmClient } from '../../src/api/client.ts';
import { createTenantCurrency } from '../../src/platform/tenant-currency.ts';
import { createDataYears } from '../../src/platform/data-years.ts';
import type { AppServices } from '../../src/platform/session-runtime.ts';
import { API_PARTS } from '../../src/domain/api-parts.ts';
import { apiPartsMachine } from '../../src/machines/api-parts.ts';

/*
 * What the jsdom screen tests share: a signed-in session and an API client whose
 * answers each test sets, and a React root for the file's tests.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Answer = (request: Request) => Response | Promise<Response>;

/** An answer with this JSON body; also callable on its own inside another answer. */
export const json =
  (body: unknown, status = 200) =>
  (): Response =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface ScreenServicesOptions {
  /** Every answer waits for it, so a test can look at the screen while its calls are in flight. */
  gate?: Promise<void>;
  /** The signed-in user's stored profile; a User of tenant 1 unless given. */
  profile?: Record<string, unknown>;
}

/**
 * The app's services for a screen: the session holds only the profile, and the API
 * answers by "METHOD /path" or by "/path", with 404 'Not found' for anything else.
 */
export function screenServices(answers: Record<string, Answer>, { gate, profile }: ScreenServicesOptions = {}): AppServices {
  const fetch = async (input: Request | URL | string) => {
    const request = input instanceof Request ? input : new Request(String(input));
    await gate;
    const path = new URL(request.url).pathname;
    const answer = answers[`${request.method} ${path}`] ?? answers[path] ?? json({ message: 'Not found' }, 404);
    return answer(request);
  };
  const api = createCrmClient({
    baseUrl: 'http://crm.test',
    fetch: fetch as typeof globalThis.fetch,
    hooks: { accessToken: async () => 'token', tokenMissing() {}, tokenRejected() {}, showError() {} },
  });
  const session = createActor(fromTransition((state) => state, { profile: profile ?? { tenant_id: 1, role_id: 3 } })).start();
  // The real currency store: this API has no tenant settings, so amounts are in the default currency.
  const currency = createTenantCurrency(api, 'EUR', async () => false);
  // An API with every optional part, known at once.
  const apiParts = createActor(apiPartsMachine, { input: { setting: API_PARTS } }).start();
  // The real years store: this API has no board part, so the year choices are 2025 to now.
  const dataYears = createDataYears(api, async () => false);
  return { session, apiParts, api, quietApi: api, publicApi: api, navigate, inspect: undefined, currency, dataYears } as unknown as AppServices;
}

export interface ScreenRoot {
  readonly container: HTMLDivElement;
  render(node: ReactNode): void;
  /** Lets React and the screen's promises run until `condition` holds; fails with the screen's text if it never does. */
  until(condition: () => boolean): Promise<void>;
  text(): string;
}

/**
 * A fresh React root in the document for each test of the file, unmounted after it.
 * The app logs failures it shows; `quietConsole` keeps those out of the test output.
 */
export function screenRoot({ quietConsole = true } = {}): ScreenRoot {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  // The window's own frames, taken before a test can stub them to paint by hand.
  const requestFrame = requestAnimationFrame;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    if (quietConsole) vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    act(() => root!.unmount());
    container!.remove();
    // What a screen leaves for after its next paint (a list's or the dashboard's address) must
    // not outlive it: the address then belongs to the screen the person went to. Waiting for that
    // paint here also keeps such work from running after the file's window has gone.
    const address = { href: location.href, entries: history.length };
    try {
      await new Promise<void>((resolve) => requestFrame(() => setTimeout(resolve)));
      expect({ href: location.href, entries: history.length }, 'the address, changed after the screen was gone').toEqual(address);
    } finally {
      vi.restoreAllMocks();
    }
  });
  return {
    get container() {
      return container!;
    },
    render(node) {
      act(() => root!.render(node));
    },
    async until(condition) {
      for (let i = 0; i < 200 && !condition(); i += 1) {
        await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      }
      expect(condition(), container!.textContent ?? '').toBe(true);
    },
    text: () => container!.textContent ?? '',
  };
}

/** Services whose every answer waits for `release()`, to look at a screen while its calls are in flight. */
export function heldServices(answers: Record<string, Answer>, profile?: Record<string, unknown>) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    services: screenServices(answers, { gate, ...(profile ? { profile } : {}) }),
    release: () => act(async () => open()),
  };
}
