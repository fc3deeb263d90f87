import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { listAddressWriter } from '../../../src/wiring/list-address.ts';

/** The list's actor, whose action the writer is: running unless a test stops it. */
const aList = () => ({ self: createActor(createMachine({})).start() });

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
    const list = aList();
    write(list, { query: 'search=p' });
    write(list, { query: 'search=pe' });
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
    listAddressWriter({ navigate }, '/activity')(aList(), { query: '' });
    paint();
    vi.runAllTimers();
    expect(navigate.mock.calls).toEqual([['/activity', { replace: true }]]);
  });

  test('a list left before its paint leaves the address alone: it belongs to the screen the person went to', () => {
    const navigate = vi.fn();
    const list = aList();
    listAddressWriter({ navigate }, '/customer')(list, { query: 'search=acme' });
    list.self.stop();
    paint();
    vi.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });
});
