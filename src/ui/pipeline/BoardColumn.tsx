import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { Link } from 'wouter';
import { findCard, type BoardCard } from '../../domain/opportunities/board.ts';
import type { pipelineBoardMachine } from '../../machines/pipeline-board.ts';
import { formatMoney } from '../../domain/money.ts';
import { useCurrency } from '../kit/services.tsx';
import { customerLabel, formatUnits, stageLabel } from '../kit/format.ts';

export type PipelineBoardActor = Actor<typeof pipelineBoardMachine>;

/** Each card's slot in a column, card and gap: fixed, so a column of thousands draws only what is in view. */
export const CARD_SLOT = 96;
// Cards drawn above and below the visible ones, so a fast scroll shows no gap.
const OVERSCAN = 6;
// A column asks for its next page when this many loaded cards are left below the view.
const PREFETCH = 15;

interface ColumnProps {
  board: PipelineBoardActor;
  stage: string;
  instructionsId: string;
  onPointerDown: (cardId: number, event: PointerEvent<HTMLElement>) => void;
}

/** One stage: its heading with count and weighted total, and its cards, windowed. */
export function BoardColumnView({ board, stage, instructionsId, onPointerDown }: ColumnProps) {
  const currency = useCurrency();
  const column = useSelector(board, (state) => state.context.columns.find((candidate) => candidate.stage === stage)!);
  const dragging = useSelector(board, (state) => state.context.drag);
  const paging = useSelector(board, (state) => state.context.paging === stage);
  const over = dragging !== null && dragging.over === stage;
  // The deal carried over this column from another: where it would land, and at what probability.
  const incoming = useSelector(board, (state) =>
    state.context.drag?.over === stage ? findCard(state.context.columns, state.context.drag.cardId) : undefined,
  );
  const headingId = `stage-${stage.replace(/\s+/g, '-')}`;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);

  const first = Math.max(0, Math.floor(view.top / CARD_SLOT) - OVERSCAN);
  const last = Math.min(column.cards.length, Math.ceil((view.top + view.height) / CARD_SLOT) + OVERSCAN);

  // A deal carried here with the keyboard is scrolled into view, so its move button can take the focus.
  const landing = useSelector(board, (state) => {
    const id = state.context.keyboardCard;
    return id !== null && state.context.drag === null ? column.cards.findIndex((card) => card.id === id) : -1;
  });
  useEffect(() => {
    const element = scroller.current;
    if (landing < 0 || !element) return;
    const top = landing * CARD_SLOT;
    if (top < element.scrollTop || top + CARD_SLOT > element.scrollTop + element.clientHeight) element.scrollTop = Math.max(0, top - CARD_SLOT);
  }, [landing]);

  useEffect(() => {
    if (column.more && !paging && last >= column.cards.length - PREFETCH) board.send({ type: 'column.more', stage });
  }, [board, stage, column.more, column.cards.length, last, paging]);

  return (
    <section
      className={`board-column${over ? ' board-column--over' : ''}${column.droppable ? '' : ' board-column--fixed'}`}
      aria-labelledby={headingId}
      data-stage={stage}
    >
      <header className="board-column__header">
        <div className="board-column__title">
          <h2 id={headingId}>{stageLabel(stage)}</h2>
          {column.probability !== null ? (
            <span className="board-column__probability" title="The probability a deal moved here gets">
              {column.probability} %
            </span>
          ) : null}
        </div>
        <p className="board-column__figures">
          <span>
            <span className="board-column__count">{column.count}</span> {column.count === 1 ? 'deal' : 'deals'}
          </span>
          <span className="board-column__weighted" title="Weighted: revenue × probability">
            {formatUnits(column.weightedUnits, currency)}
          </span>
        </p>
      </header>
      <div className="board-column__scroller" ref={scroller} tabIndex={-1}>
        {incoming && incoming.stage !== stage && column.droppable ? (
          <p className="board-column__drop" aria-hidden="true">
            {customerLabel(incoming.customer)} lands here at {column.probability ?? incoming.probability} %
          </p>
        ) : null}
        {column.count === 0 ? (
          <p className="board-column__none">No deals</p>
        ) : (
          <ul
            className="board-column__cards"
            aria-label={`${stageLabel(stage)} deals`}
            style={{ height: column.cards.length * CARD_SLOT }}
          >
            {column.cards.slice(first, last).map((card, offset) => (
              <li
                key={card.id}
                className={`board-card${dragging?.cardId === card.id ? ' board-card--lifted' : ''}`}
                style={{ top: (first + offset) * CARD_SLOT }}
                aria-setsize={column.count}
                aria-posinset={first + offset + 1}
                onPointerDown={(event) => onPointerDown(card.id, event)}
                // The browser's own dragging of the link would take the pointer away.
                onDragStart={(event) => event.preventDefault()}
              >
                <CardView card={card} currency={currency} interactive instructionsId={instructionsId} board={board} />
              </li>
            ))}
          </ul>
        )}
        {paging ? <p className="board-column__loading">Loading more…</p> : null}
      </div>
    </section>
  );
}

interface CardProps {
  card: BoardCard;
  currency: string;
  interactive: boolean;
  instructionsId?: string;
  board?: PipelineBoardActor;
}

/** A deal: its customer (a link to its page), value and probability, salesperson, and the keyboard's move button. */
export function CardView({ card, currency, interactive, instructionsId, board }: CardProps) {
  const name = customerLabel(card.customer);
  return (
    <div className="board-card__body">
      <div className="board-card__title">
        {interactive ? (
          <Link href={`/opportunity/${card.id}`} className="board-card__customer" draggable={false}>
            {name}
          </Link>
        ) : (
          <span className="board-card__customer">{name}</span>
        )}
        {interactive && board ? <MoveButton board={board} card={card} instructionsId={instructionsId!} /> : null}
      </div>
      <p className="board-card__value">
        {formatMoney(card.revenue, currency)} <span className="board-card__probability">· {card.probability} %</span>
      </p>
      <p className="board-card__owner">{card.salespersonName}</p>
    </div>
  );
}

/** Space or Enter picks the deal up and drops it; the arrows choose the column; Escape puts it back. */
function MoveButton({ board, card, instructionsId }: { board: PipelineBoardActor; card: BoardCard; instructionsId: string }) {
  const lifted = useSelector(board, (state) => state.context.drag?.cardId === card.id);
  const carried = useSelector(board, (state) => state.context.keyboardCard === card.id && state.context.drag === null);
  const button = useRef<HTMLButtonElement>(null);
  // Dropped or put back, the deal's button is drawn anew in its column: the focus goes with it.
  useEffect(() => {
    // Only when the focus went nowhere (its old button left with the move), never taken from elsewhere.
    if (carried && (document.activeElement === null || document.activeElement === document.body)) button.current?.focus();
  }, [carried]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const key = event.key;
    if (key === ' ' || key === 'Enter') board.send(lifted ? { type: 'card.drop' } : { type: 'card.pick', id: card.id, keyboard: true });
    else if (lifted && (key === 'ArrowRight' || key === 'ArrowDown')) board.send({ type: 'card.step', direction: 1 });
    else if (lifted && (key === 'ArrowLeft' || key === 'ArrowUp')) board.send({ type: 'card.step', direction: -1 });
    else if (lifted && key === 'Escape') board.send({ type: 'card.cancel' });
    else return;
    event.preventDefault();
  };
  return (
    <button
      ref={button}
      type="button"
      className="board-card__move"
      data-move-handle={card.id}
      aria-label={`Move ${customerLabel(card.customer)}`}
      aria-describedby={instructionsId}
      aria-pressed={lifted}
      onKeyDown={onKeyDown}
      onBlur={() => lifted && board.send({ type: 'card.cancel' })}
    >
      <svg viewBox="0 0 12 16" width="12" height="16" aria-hidden="true" focusable="false">
        {[3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.5" />, <circle key={`b${y}`} cx="9" cy={y} r="1.5" />])}
      </svg>
    </button>
  );
}
