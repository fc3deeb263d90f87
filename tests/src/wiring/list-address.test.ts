import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { listAddressWriter } from '../../../src/wiring/list-address.ts';

/** The browser's frames, run by hand: each callback asked for runs when the test paints. */
let frames: (() => void)[] = [];
const paint = () => {
  const due = frames;
  frames = [];
  for (const frame of due) frame();
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a list's address", () => {
  test('follows the rows once they have been painted, and of writes asked for before a paint only the last is made', () => {
    const navigate = vi.fn();
    const write = listAddressWriter({ navigate }, '/user');
    write(undefined, { query: 'search=p' });
    write(undefined, { query: 'search=pe' });
    vi.runAllTimers();
    // Nothing while the input's own frame is still to come.
    expect(navigate).not.toHaveBeenCalled();
    paint();
    expect(navigate).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(navigate.mock.calls).toEqual([['/user?search=pe', { replace: true }]]);
  });

  test('a list at its defaults has the plain path', () => {
    const navigate = vi.fn();
    listAddressWriter({ navigate }, '/activity')(undefined, { query: '' });
    paint();
    vi.runAllTimers();
    expect(navigate.mock.calls).toEqual([['/activity', { replace: true }]]);
  });
});
