import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Where the dragged card's picture follows the pointer, and its size. */
export interface Ghost {
  cardId: number;
  x: number;
  y: number;
  offsetX: number;
  offsetY: number;
  width: number;
}

export interface PointerDragHandlers {
  /** The pointer picked the card up. */
  pick(cardId: number): void;
  /** The pointer is over the column of this stage. */
  over(stage: string): void;
  drop(): void;
  cancel(): void;
}

// As dnd-kit's pointer sensor does by default: a mouse drags after 5 px of travel, so a
// click on the card's link still opens it; a finger must rest 250 ms (moving less than
// 5 px), so a swipe still scrolls the board.
const MOUSE_DISTANCE = 5;
const TOUCH_DELAY_MS = 250;
const TOUCH_TOLERANCE = 5;
// Near the board's left or right edge the board scrolls, so a far column can be reached.
const EDGE = 48;
const EDGE_STEP = 16;

interface Pending {
  cardId: number;
  pointerId: number;
  touch: boolean;
  startX: number;
  startY: number;
  element: HTMLElement;
  timer: number | undefined;
  active: boolean;
  stage: string | null;
}

/**
 * Dragging cards with a mouse, pen or finger: turns pointer events into the board
 * machine's pick, over, drop and cancel, and keeps the picture under the pointer.
 * Which column a pointer is over is read from the `data-stage` of what lies under it.
 */
export function usePointerDrag(board: () => HTMLElement | null, handlers: PointerDragHandlers) {
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const pending = useRef<Pending | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  const stageAt = (x: number, y: number): string | null =>
    (document.elementFromPoint(x, y)?.closest('[data-stage]') as HTMLElement | null)?.dataset.stage ?? null;

  const activate = useCallback((drag: Pending, x: number, y: number) => {
    drag.active = true;
    const rect = drag.element.getBoundingClientRect();
    setGhost({ cardId: drag.cardId, x, y, offsetX: drag.startX - rect.left, offsetY: drag.startY - rect.top, width: rect.width });
    latest.current.pick(drag.cardId);
  }, []);

  const end = useCallback(() => {
    const drag = pending.current;
    if (drag?.timer !== undefined) window.clearTimeout(drag.timer);
    pending.current = null;
    setGhost(null);
  }, []);

  useEffect(() => {
    const move = (event: PointerEvent) => {
      const drag = pending.current;
      if (!drag || event.pointerId !== drag.pointerId) return;
      const travelled = Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY);
      if (!drag.active) {
        if (drag.touch) {
          if (travelled > TOUCH_TOLERANCE) end();
          return;
        }
        if (travelled < MOUSE_DISTANCE) return;
        activate(drag, event.clientX, event.clientY);
      }
      setGhost((current) => current && { ...current, x: event.clientX, y: event.clientY });
      const element = board();
      if (element) {
        const rect = element.getBoundingClientRect();
        if (event.clientX < rect.left + EDGE) element.scrollLeft -= EDGE_STEP;
        else if (event.clientX > rect.right - EDGE) element.scrollLeft += EDGE_STEP;
      }
      const stage = stageAt(event.clientX, event.clientY);
      if (stage !== null && stage !== drag.stage) {
        drag.stage = stage;
        latest.current.over(stage);
      }
    };
    const up = (event: PointerEvent) => {
      const drag = pending.current;
      if (!drag || event.pointerId !== drag.pointerId) return;
      if (drag.active) {
        latest.current.drop();
        // The click that ends a drag must not open the card's link.
        window.addEventListener('click', swallow, { capture: true, once: true });
        window.setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      }
      end();
    };
    const cancel = (event: PointerEvent) => {
      const drag = pending.current;
      if (!drag || event.pointerId !== drag.pointerId) return;
      if (drag.active) latest.current.cancel();
      end();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && pending.current?.active) {
        latest.current.cancel();
        end();
      }
    };
    // While a finger drags a card, the page must not scroll under it.
    const touchMove = (event: TouchEvent) => {
      if (pending.current?.active) event.preventDefault();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    window.addEventListener('touchmove', touchMove, { passive: false });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      window.removeEventListener('touchmove', touchMove);
    };
  }, [activate, board, end]);

  // A finger still resting on a card when the board goes (another screen) picks nothing up on it.
  useEffect(() => end, [end]);

  /** The card's onPointerDown. */
  const start = useCallback(
    (cardId: number, event: ReactPointerEvent<HTMLElement>) => {
      if (pending.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
      // The move button is the keyboard's way; a pointer on it drags as on the rest of the card.
      const drag: Pending = {
        cardId,
        pointerId: event.pointerId,
        touch: event.pointerType === 'touch',
        startX: event.clientX,
        startY: event.clientY,
        element: event.currentTarget,
        timer: undefined,
        active: false,
        stage: null,
      };
      if (drag.touch) drag.timer = window.setTimeout(() => pending.current === drag && activate(drag, drag.startX, drag.startY), TOUCH_DELAY_MS);
      pending.current = drag;
    },
    [activate],
  );

  return { ghost, start };
}

function swallow(event: MouseEvent) {
  event.preventDefault();
  event.stopPropagation();
}
