// @vitest-environment jsdom
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { enableActEnvironment } from './act-environment.ts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { REDRAW_DELAY_MS, useSettledWidth } from '../../../../src/ui/dashboard/use-settled-width.ts';

let notifyResize: () => void = () => {};

beforeEach(() => {
  enableActEnvironment();
  vi.useFakeTimers();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        notifyResize = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setWidth(element: HTMLElement, width: number) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
}

test('the chart width follows a resize only once it has settled for 150 ms', () => {
  expect(REDRAW_DELAY_MS).toBe(150);
  const widths: number[] = [];
  let host!: HTMLDivElement;
  function Probe() {
    const ref = useRef<HTMLDivElement>(null);
    widths.push(useSettledWidth(ref));
    return (
      <div
        ref={(element) => {
          ref.current = element;
          if (element) {
            host = element;
            if (element.clientWidth === 0) setWidth(element, 800);
          }
        }}
      />
    );
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<Probe />));
  expect(widths.at(-1)).toBe(800);

  setWidth(host, 600);
  act(() => notifyResize());
  act(() => vi.advanceTimersByTime(100));
  setWidth(host, 500);
  act(() => notifyResize());
  act(() => vi.advanceTimersByTime(149));
  expect(widths.at(-1)).toBe(800);
  act(() => vi.advanceTimersByTime(1));
  expect(widths.at(-1)).toBe(500);
  expect(widths.filter((w) => w === 600)).toEqual([]);
  act(() => root.unmount());
});
