// @vitest-environment jsdom
import { act, Suspense } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppServices } from '../../../../src/platform/session-runtime.ts';
import { ServicesProvider } from '../../../../src/ui/kit/services.tsx';
import { lazyScreen, ScreenPreload } from '../../../../src/ui/shell/routes.tsx';
import { screenRoot } from '../../../support/screen-harness.ts';
import { returningWith, startSession, tokensFor } from '../../../support/session/harness.ts';

const screen = screenRoot();
const never = () => new Promise<never>(() => {});

function routeLoading() {
  const preload = vi.fn(async () => ({}));
  return { preload, route: Object.assign(() => null, { preload }) };
}

/** The preload at `path`, with the session started as `scenario` says and left where it settles. */
async function preloadAt(path: string, scenario: Parameters<typeof startSession>[0]) {
  const dashboard = routeLoading();
  const users = routeLoading();
  const { session } = startSession(scenario);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  screen.render(
    <Router hook={memoryLocation({ path }).hook}>
      <ServicesProvider services={{ session } as unknown as AppServices}>
        <ScreenPreload routes={[['/dashboard', dashboard.route], ['/user', users.route]]} />
      </ServicesProvider>
    </Router>,
  );
  return { dashboard: dashboard.preload, users: users.preload, session };
}


describe("the screen at the address loads while the session checks a returning person's tokens", () => {
  test('tokens kept in the tab, the tenant check under way: the screen at the address, and only it, loads', async () => {
    const { dashboard, users, session } = await preloadAt('/user', { initialise: returningWith(tokensFor()), lookupTenant: never });
    expect(session.getSnapshot().matches('verifying')).toBe(true);
    expect(users).toHaveBeenCalledOnce();
    expect(dashboard).not.toHaveBeenCalled();
  });

  test('back from the provider at /signin: the screen the session moves on to (the dashboard) loads', async () => {
    const { dashboard } = await preloadAt('/signin', { initialise: returningWith(tokensFor()), loadProfile: never });
    expect(dashboard).toHaveBeenCalledOnce();
  });

  test('no tokens (a login is required): nothing loads for a screen the visitor will not see yet', async () => {
    const { dashboard, session } = await preloadAt('/dashboard', {});
    expect(session.getSnapshot().value).toBe('loginRequired');
    expect(dashboard).not.toHaveBeenCalled();
  });
});

describe('a screen loaded beforehand', () => {
  const Loaded = () => <p>The screen</p>;

  test('renders at once, without its spinner (a suspended screen waits behind its spinner for React to reveal it)', async () => {
    const Screen = lazyScreen(async () => ({ default: Loaded }));
    await Screen.preload();
    screen.render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.container.textContent).toBe('The screen');
  });

  test('not loaded beforehand: its spinner, then the screen', async () => {
    const Screen = lazyScreen(async () => ({ default: Loaded }));
    screen.render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.container.textContent).toBe('Loading');
    await screen.until(() => screen.container.textContent === 'The screen');
  });
});
