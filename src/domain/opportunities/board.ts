import type { Schemas } from '../../api/client';
import { PIPELINE_STAGES, stageName } from './pipeline.ts';
import type { OpportunityRow } from './rows.ts';

/** A deal on the board: what its card shows and what its order and the column sums need (weightedUnits: revenue in cents × probability). */
export type BoardCard = Pick<
  OpportunityRow,
  'id' | 'customer' | 'stage' | 'salespersonId' | 'salespersonName' | 'createdDate' | 'revenue' | 'probability' | 'weightedUnits'
>;

/** Where a column's next page starts: after this card in the board's order. */
export interface BoardCursor {
  revenue: number;
  probability: number;
  id: number;
}

export interface BoardColumn {
  stage: string;
  /** The stage's default probability (a tenant setting); null for a stage the pipeline does not know. */
  probability: number | null;
  /** Deals can be moved here: only the pipeline's own stages can be written. */
  droppable: boolean;
  count: number;
  revenueUnits: number;
  weightedUnits: number;
  /** The cards loaded so far, in the board's order. */
  cards: readonly BoardCard[];
  /** The last card the server sent for this column; the next page continues after it. */
  cursor: BoardCursor | null;
  /** Whether the server has cards of this column the board has not loaded. */
  more: boolean;
}

/** A deal moved from one column to another, with what it was before, to put back if refused. */
export interface BoardMove {
  card: BoardCard;
  from: string;
  to: string;
  /** The probability the deal is saved with: the stage's default, or its own for a stage without one. */
  probability: number;
}

type ListRow = Schemas['OpportunityListRow'];
type ColumnAnswer = Schemas['BoardColumn'];

const centsOf = (amount: number) => Math.round(amount * 100);

export function cardOf(row: ListRow): BoardCard {
  return {
    id: row.id,
    customer: row.customer,
    stage: row.stage,
    salespersonId: row.salesperson_id,
    salespersonName: row.salesperson_name,
    createdDate: row.created_date,
    revenue: row.revenue,
    probability: row.probability,
    weightedUnits: centsOf(row.revenue) * row.probability,
  };
}

/** The board's order: largest weighted value first, then by id (as the server pages). */
export function boardOrder(a: BoardCard, b: BoardCard): number {
  return b.weightedUnits - a.weightedUnits || a.id - b.id;
}

function cursorOf(cards: readonly BoardCard[]): BoardCursor | null {
  const last = cards.at(-1);
  return last ? { revenue: last.revenue, probability: last.probability, id: last.id } : null;
}

/** The server's columns as the board holds them. */
export function boardOf(answer: readonly ColumnAnswer[]): BoardColumn[] {
  return answer.map((column) => {
    const cards = column.cards.map(cardOf);
    return {
      stage: column.stage,
      probability: column.probability,
      droppable: PIPELINE_STAGES.includes(column.stage),
      count: column.count,
      revenueUnits: centsOf(column.revenue) * 100,
      weightedUnits: Math.round(column.weighted * 10_000),
      cards,
      cursor: cursorOf(cards),
      more: cards.length < column.count,
    };
  });
}

/** A column's next page added: cards already on the board (moved there meanwhile) are not shown twice. */
export function withPage(columns: readonly BoardColumn[], stage: string, page: readonly ListRow[], pageSize: number): BoardColumn[] {
  const onBoard = new Set(columns.flatMap((column) => column.cards.map((card) => card.id)));
  const fresh = page.map(cardOf);
  return columns.map((column) =>
    column.stage !== stage
      ? column
      : {
          ...column,
          cards: [...column.cards, ...fresh.filter((card) => !onBoard.has(card.id) && card.stage === stage)],
          cursor: cursorOf(fresh) ?? column.cursor,
          more: page.length >= pageSize,
        },
  );
}

export function findCard(columns: readonly BoardColumn[], id: number): BoardCard | undefined {
  for (const column of columns) {
    const card = column.cards.find((candidate) => candidate.id === id);
    if (card) return card;
  }
  return undefined;
}

/** The move of a card to a stage, or null when it is no move (same column, or a column deals cannot go to). */
export function moveOf(columns: readonly BoardColumn[], id: number, to: string): BoardMove | null {
  const card = findCard(columns, id);
  const target = columns.find((column) => column.stage === to);
  if (!card || !target || !target.droppable || card.stage === to) return null;
  return { card, from: card.stage, to, probability: target.probability ?? card.probability };
}

function without(column: BoardColumn, card: BoardCard): BoardColumn {
  return {
    ...column,
    cards: column.cards.filter((candidate) => candidate.id !== card.id),
    count: column.count - 1,
    revenueUnits: column.revenueUnits - centsOf(card.revenue) * 100,
    weightedUnits: column.weightedUnits - card.weightedUnits,
  };
}

function withCard(column: BoardColumn, card: BoardCard): BoardColumn {
  const cards = [...column.cards, card].sort(boardOrder);
  return {
    ...column,
    cards,
    count: column.count + 1,
    revenueUnits: column.revenueUnits + centsOf(card.revenue) * 100,
    weightedUnits: column.weightedUnits + card.weightedUnits,
  };
}

/** A card taken out of its column and put into another, with both columns' count and sums following. */
function relocate(columns: readonly BoardColumn[], card: BoardCard, to: string, probability: number): BoardColumn[] {
  const moved: BoardCard = { ...card, stage: to, probability, weightedUnits: centsOf(card.revenue) * probability };
  return columns.map((column) => (column.stage === card.stage ? without(column, card) : column.stage === to ? withCard(column, moved) : column));
}

/** The board as it looks once the move is made: shown at once, before the server has answered. */
export function applyMove(columns: readonly BoardColumn[], move: BoardMove): BoardColumn[] {
  const card = findCard(columns, move.card.id);
  return card ? relocate(columns, card, move.to, move.probability) : [...columns];
}

/** The board with the move undone: the card back in its column with its own probability. */
export function revertMove(columns: readonly BoardColumn[], move: BoardMove): BoardColumn[] {
  const card = findCard(columns, move.card.id);
  return card ? relocate(columns, card, move.from, move.card.probability) : [...columns];
}

/** The column next to a stage in a direction, skipping those deals cannot go to; null at either end. */
export function neighbourStage(columns: readonly BoardColumn[], stage: string, direction: 1 | -1): string | null {
  const index = columns.findIndex((column) => column.stage === stage);
  for (let at = index + direction; at >= 0 && at < columns.length; at += direction) {
    if (columns[at]!.droppable) return columns[at]!.stage;
  }
  return null;
}

/** What the screen reader hears while a deal is moved. */
export const BOARD_ANNOUNCEMENTS = {
  picked: (card: BoardCard) =>
    `Picked up ${card.customer || 'No customer'} in ${stageName(card.stage)}. Use the left and right arrow keys to choose a stage, Space to drop, Escape to cancel.`,
  over: (stage: string) => `Over ${stageName(stage)}.`,
  moved: (move: BoardMove) => `Moved ${move.card.customer || 'No customer'} to ${stageName(move.to)} at ${move.probability} %.`,
  stayed: (card: BoardCard) => `${card.customer || 'No customer'} stays in ${stageName(card.stage)}.`,
  refused: (move: BoardMove, reason: string) =>
    `${move.card.customer || 'No customer'} could not be moved to ${stageName(move.to)} and is back in ${stageName(move.from)}: ${reason}`,
} as const;
