// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { usePointerDrag, type PointerDragHandlers } from '../../../../src/ui/pipeline/use-pointer-drag.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * A finger picks a card up only after resting on it (a swipe still scrolls the board).
 * The board can go while the finger rests: nothing may then be picked up on it.
 */

function Board({ handlers }: { handlers: PointerDragHandlers }) {
  const { start } = usePointerDrag(() => null, handlers);
  return (
    <div data-stage="proposal">
      <button type="button" onPointerDown={(event) => start(7, event)}>
        Deal 7
      </button>
    </div>
  );
}

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
  document.body.replaceChildren();
});

function board() {
  const handlers = { pick: vi.fn(), over: vi.fn(), drop: vi.fn(), cancel: vi.fn() };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Board handlers={handlers} />));
  let gone = false;
  const unmount = () => {
    if (!gone) act(() => root.unmount());
    gone = true;
  };
  mounted.push(unmount);
  const touch = () =>
    act(() => {
      container.querySelector('button')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 10 }));
    });
  return { handlers, touch, unmount };
}

test('a finger resting on a card picks it up', async () => {
  const { handlers, touch } = board();
  touch();
  expect(handlers.pick).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(handlers.pick).toHaveBeenCalledWith(7), { timeout: 5_000 });
});

test('a board that goes while a finger rests on a card picks nothing up', async () => {
  const left = board();
  left.touch();
  left.unmount();
  // A board touched after it, whose card is picked up: the first board's wait, as long and begun earlier, is over by then.
  const other = board();
  other.touch();
  await vi.waitFor(() => expect(other.handlers.pick).toHaveBeenCalledWith(7), { timeout: 5_000 });
  expect(left.handlers.pick).not.toHaveBeenCalled();
});
