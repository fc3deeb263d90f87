import { useCallback, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { BoardOwner } from '../../machines/pipeline-board.ts';
import { findCard } from '../../domain/opportunities/board.ts';
import { pipelineBoardFlow } from '../../wiring/pipeline-board.ts';
import { useCurrency, useFlow } from '../kit/services.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { YearSelect } from '../kit/YearSelect.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
import { BoardColumnView, CardView, type PipelineBoardActor } from './BoardColumn.tsx';
import { usePointerDrag } from './use-pointer-drag.ts';
import '../kit/lists.css';
import './pipeline.css';

/**
 * /pipeline: the year's deals on a board, a column per stage. A deal moves by dragging
 * it (mouse, pen or finger) or from the keyboard with its move button; the board's
 * machine saves the move and puts it back if the server refuses.
 */
export default function PipelineScreen() {
  const board = useFlow(pipelineBoardFlow, ({ tenantId }) => ({ tenantId, year: new Date().getFullYear() }));
  const phase = useSelector(board, (state) => (state.hasTag('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'));
  const year = useSelector(board, (state) => state.context.year);
  const stages = useSelector(board, (state) => state.context.columns.map((column) => column.stage).join('\u001f'));
  const announcement = useSelector(board, (state) => state.context.announcement);
  const boardRef = useRef<HTMLDivElement>(null);
  const instructionsId = useId();

  const { ghost, start } = usePointerDrag(
    useCallback(() => boardRef.current, []),
    {
      pick: (id) => board.send({ type: 'card.pick', id }),
      over: (stage) => board.send({ type: 'card.over', stage }),
      drop: () => board.send({ type: 'card.drop' }),
      cancel: () => board.send({ type: 'card.cancel' }),
    },
  );

  return (
    <section className="pipeline" aria-labelledby="pipeline-title">
      <div className="screen-header">
        <h1 id="pipeline-title">Pipeline</h1>
        <div className="screen-header__actions">
          <OwnerSelect board={board} />
          <YearSelect year={year} onChange={(next) => board.send({ type: 'year.change', year: next })} />
        </div>
      </div>
      <p id={instructionsId} className="visually-hidden">
        To move a deal, press Space on its move button, choose a stage with the left and right arrow keys, and press Space again to drop it there, or Escape to cancel.
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
      {phase === 'ready' ? (
        <div className="pipeline__board" ref={boardRef}>
          {stages.split('\u001f').map((stage) => (
            <BoardColumnView key={stage} board={board} stage={stage} instructionsId={instructionsId} onPointerDown={start} />
          ))}
        </div>
      ) : (
        <LoadNotice phase={phase} what="pipeline" empty="" onRetry={() => board.send({ type: 'retry' })} />
      )}
      {ghost ? <DragGhost board={board} ghost={ghost} /> : null}
    </section>
  );
}

/** Everyone's deals, the caller's own ('Mine', when they are a salesperson), or one salesperson's. */
function OwnerSelect({ board }: { board: PipelineBoardActor }) {
  const owner = useSelector(board, (state) => state.context.owner);
  const own = useSelector(board, (state) => state.context.ownSalespersonId);
  const salespersons = useSelector(board, (state) => state.context.salespersons);
  const ownerOf = (value: string): BoardOwner => (value === 'all' || value === 'mine' ? value : Number(value));
  const leading = [{ value: 'all', label: 'Everyone' }, ...(own !== null || owner === 'mine' ? [{ value: 'mine', label: 'Mine' }] : [])];
  return (
    <SalespersonChoice
      inline
      salespersons={salespersons}
      leading={leading}
      value={String(owner)}
      // Emptied, the filter shows everyone's deals again.
      onChange={(value) => board.send({ type: 'owner.change', owner: ownerOf(value === '' ? 'all' : value) })}
    />
  );
}

/** The card under the pointer while it is dragged. */
function DragGhost({ board, ghost }: { board: PipelineBoardActor; ghost: NonNullable<ReturnType<typeof usePointerDrag>['ghost']> }) {
  const card = useSelector(board, (state) => (state.hasTag('dragging') ? findCard(state.context.columns, ghost.cardId) : undefined));
  const currency = useCurrency();
  if (!card) return null;
  return (
    <div className="pipeline__ghost" aria-hidden="true" style={{ width: ghost.width, transform: `translate(${ghost.x - ghost.offsetX}px, ${ghost.y - ghost.offsetY}px) rotate(2deg)` }}>
      <CardView card={card} currency={currency} interactive={false} />
    </div>
  );
}
