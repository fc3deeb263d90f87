// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { createActor } from 'xstate';
import { addressWrite } from '../../../src/machines/address-keeper.ts';
import { addressKeeperOf } from '../../../src/wiring/address-keeper.ts';
import { ServicesProvider } from '../../../src/ui/kit/services';
import SalespersonListScreen from '../../../src/ui/salespersons/SalespersonListScreen';
import { json, screenRoot, screenServices } from '../../support/screen-harness.ts';

/** The browser's frames, run by hand: each callback asked for runs when the test paints. */
let frames: (() => void)[] = [];
const paint = () => {
  const due = frames;
  frames = [];
  for (const frame of due) frame();
};
/** A paint and the task after it, where the keeper writes. */
const paintAndSettle = async () => {
  paint();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a screen's address keeper", () => {
  test('writes once the screen has painted, and of writes asked for before a paint only the last', async () => {
    const navigate = vi.fn();
    const keeper = createActor(addressKeeperOf({ navigate }, '/user')).start();
    keeper.send(addressWrite('search=p'));
    keeper.send(addressWrite('search=pe'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Nothing while the input's own frame is still to come.
    expect(navigate).not.toHaveBeenCalled();
    await paintAndSettle();
    expect(navigate.mock.calls).toEqual([['/user?search=pe', { replace: true }]]);
  });

  test('a screen at its defaults has the plain path', async () => {
    const navigate = vi.fn();
    createActor(addressKeeperOf({ navigate }, '/activity')).start().send(addressWrite(''));
    await paintAndSettle();
    expect(navigate.mock.calls).toEqual([['/activity', { replace: true }]]);
  });

  test('a keeper stopped before the paint writes nothing', async () => {
    const navigate = vi.fn();
    const keeper = createActor(addressKeeperOf({ navigate }, '/customer')).start();
    keeper.send(addressWrite('search=acme'));
    keeper.stop();
    await paintAndSettle();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a list screen left before its paint', () => {
  const screen = screenRoot();
  const salespersons = json([{ id: 1, name: 'Grace Hopper', email: 'g@x.test', phone: '', mobile: '', latest_login: null, status: 1 }]);

  /** The salesperson list, as the app shows it (React's strict mode too), its rows loaded and 'grace' typed in its search box. */
  async function typedIntoList(navigate: Mock) {
    const services = { ...screenServices({ '/api/salespersons/getAllData/1': salespersons }, { profile: { tenant_id: 1, role_id: 1 } }), navigate };
    await act(async () => {
      screen.render(
        <StrictMode>
          <ServicesProvider services={services}>
            <SalespersonListScreen />
          </ServicesProvider>
        </StrictMode>,
      );
    });
    await screen.until(() => screen.text().includes('Grace Hopper'));
    await paintAndSettle();
    // The list's first address (its rows loaded) is not what these tests are about.
    navigate.mockClear();
    const search = screen.container.querySelector<HTMLInputElement>('input[placeholder="Search..."]')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'grace');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  test('while shown, its address follows what was typed', async () => {
    const navigate = vi.fn();
    await typedIntoList(navigate);
    await paintAndSettle();
    expect(navigate.mock.calls).toEqual([['/salesperson?search=grace', { replace: true }]]);
  });

  test('leaves the address alone: it belongs to the screen the person went to', async () => {
    const navigate = vi.fn();
    await typedIntoList(navigate);
    act(() => screen.render(null));
    await paintAndSettle();
    expect(navigate).not.toHaveBeenCalled();
  });
});
