import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Schemas } from '../api/client';
import {
  applyMove,
  BOARD_ANNOUNCEMENTS,
  boardOf,
  findCard,
  moveOf,
  neighbourStage,
  revertMove,
  withPage,
  type BoardColumn,
  type BoardCursor,
  type BoardMove,
} from '../domain/opportunities/board.ts';

/** Whose deals the board shows: everyone's, the caller's own, or one salesperson's. */
export type BoardOwner = 'all' | 'mine' | number;

export interface BoardInput {
  tenantId: number;
  year: number;
}

export interface BoardRequest {
  tenantId: number;
  year: number;
  /** null: every salesperson's deals. */
  salespersonId: number | null;
}

export interface LoadedBoard {
  columns: readonly Schemas['BoardColumn'][];
  salespersons: readonly { id: number; name: string }[];
  /** The caller's own salesperson, when they are one. */
  ownSalespersonId: number | null;
}

export interface CardsRequest extends BoardRequest {
  stage: string;
  after: BoardCursor | null;
}

export interface SaveMoveRequest {
  id: number;
  stage: string;
  probability: number;
}

export interface PipelineBoardContext extends BoardInput {
  owner: BoardOwner;
  ownSalespersonId: number | null;
  salespersons: readonly { id: number; name: string }[];
  columns: readonly BoardColumn[];
  /** The deal being dragged and the column it is over. */
  drag: { cardId: number; over: string } | null;
  /** The move being saved, kept to put back if the server refuses it. */
  move: BoardMove | null;
  /** The column whose next page is loading. */
  paging: string | null;
  /** What the live region says. */
  announcement: string;
  /**
   * The deal last carried with the keyboard: wherever it lands (or is put back), its
   * move button takes the focus, so the next key press continues from there.
   */
  keyboardCard: number | null;
}

export type PipelineBoardEvent =
  | { type: 'year.change'; year: number }
  | { type: 'owner.change'; owner: BoardOwner }
  | { type: 'retry' }
  | { type: 'card.pick'; id: number; keyboard?: boolean }
  | { type: 'card.over'; stage: string }
  /** The arrow keys: over the next column deals can go to, left (-1) or right (1). */
  | { type: 'card.step'; direction: 1 | -1 }
  | { type: 'card.drop' }
  | { type: 'card.cancel' }
  | { type: 'column.more'; stage: string };

/** The cards a column page holds (the contract's maxItems). */
export const BOARD_PAGE_SIZE = 40;

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'the server refused the move.');

/**
 * /pipeline: the year's deals on a board, a column per stage, each column paged in as
 * it scrolls. A deal is picked up (pointer or keyboard), carried over the columns and
 * dropped: the move shows at once with the stage's probability, is saved through the
 * opportunity update, and is put back with a message if the server refuses it. The
 * live region says each step.
 */
export const pipelineBoardMachine = setup({
  types: {
    input: {} as BoardInput,
    context: {} as PipelineBoardContext,
    events: {} as PipelineBoardEvent,
    tags: {} as 'loading' | 'dragging' | 'saving',
  },
  actors: {
    loadBoard: fromPromise<LoadedBoard, BoardRequest>(async () => {
      throw new Error('loadBoard must be provided');
    }),
    loadCards: fromPromise<readonly Schemas['OpportunityListRow'][], CardsRequest>(async () => {
      throw new Error('loadCards must be provided');
    }),
    saveMove: fromPromise<unknown, SaveMoveRequest>(async () => {
      throw new Error('saveMove must be provided');
    }),
  },
  actions: {
    notifyError: (_, _params: { message: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    chooseYear: assign(({ event }) => {
      assertEvent(event, 'year.change');
      return { year: event.year };
    }),
    chooseOwner: assign(({ event }) => {
      assertEvent(event, 'owner.change');
      return { owner: event.owner };
    }),
    forgetBoard: assign({ columns: [], drag: null, move: null, paging: null }),
    acceptBoard: assign((_, params: { board: LoadedBoard }) => ({
      columns: boardOf(params.board.columns),
      salespersons: params.board.salespersons,
      ownSalespersonId: params.board.ownSalespersonId,
    })),
    pick: assign(({ context, event }) => {
      assertEvent(event, 'card.pick');
      const card = findCard(context.columns, event.id)!;
      return { drag: { cardId: card.id, over: card.stage }, announcement: BOARD_ANNOUNCEMENTS.picked(card), keyboardCard: event.keyboard ? card.id : null };
    }),
    hover: assign(({ context, event }) => {
      assertEvent(event, 'card.over');
      return { drag: { ...context.drag!, over: event.stage }, announcement: BOARD_ANNOUNCEMENTS.over(event.stage) };
    }),
    step: assign(({ context, event }) => {
      assertEvent(event, 'card.step');
      const over = neighbourStage(context.columns, context.drag!.over, event.direction)!;
      return { drag: { ...context.drag!, over }, announcement: BOARD_ANNOUNCEMENTS.over(over) };
    }),
    makeMove: assign(({ context }) => {
      const move = moveOf(context.columns, context.drag!.cardId, context.drag!.over)!;
      return { columns: applyMove(context.columns, move), move, drag: null, announcement: BOARD_ANNOUNCEMENTS.moved(move) };
    }),
    stay: assign(({ context }) => {
      const card = findCard(context.columns, context.drag!.cardId)!;
      return { drag: null, announcement: BOARD_ANNOUNCEMENTS.stayed(card) };
    }),
    settle: assign({ move: null }),
    putBack: assign(({ context }, params: { reason: string }) => ({
      columns: revertMove(context.columns, context.move!),
      move: null,
      announcement: BOARD_ANNOUNCEMENTS.refused(context.move!, params.reason),
    })),
    startPage: assign(({ event }) => {
      assertEvent(event, 'column.more');
      return { paging: event.stage };
    }),
    acceptPage: assign(({ context }, params: { page: readonly Schemas['OpportunityListRow'][] }) => ({
      columns: withPage(context.columns, context.paging!, params.page, BOARD_PAGE_SIZE),
      paging: null,
    })),
    endPage: assign({ paging: null }),
  },
  guards: {
    canPick: ({ context, event }) => {
      assertEvent(event, 'card.pick');
      return findCard(context.columns, event.id) !== undefined;
    },
    isColumn: ({ context, event }) => {
      assertEvent(event, 'card.over');
      return context.columns.some((column) => column.stage === event.stage);
    },
    hasNeighbour: ({ context, event }) => {
      assertEvent(event, 'card.step');
      return neighbourStage(context.columns, context.drag!.over, event.direction) !== null;
    },
    isMove: ({ context }) => context.drag !== null && moveOf(context.columns, context.drag.cardId, context.drag.over) !== null,
    columnHasMore: ({ context, event }) => {
      assertEvent(event, 'column.more');
      return context.columns.find((column) => column.stage === event.stage)?.more === true;
    },
  },
}).createMachine({
  id: 'pipelineBoard',
  context: ({ input }) => ({
    ...input,
    owner: 'all',
    ownSalespersonId: null,
    salespersons: [],
    columns: [],
    drag: null,
    move: null,
    paging: null,
    announcement: '',
    keyboardCard: null,
  }),
  initial: 'loading',
  on: {
    'year.change': { target: '.loading', actions: 'chooseYear' },
    'owner.change': { target: '.loading', actions: 'chooseOwner' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'forgetBoard',
      invoke: {
        src: 'loadBoard',
        input: ({ context }) => ({ tenantId: context.tenantId, year: context.year, salespersonId: salespersonOf(context) }),
        onDone: { target: 'ready', actions: { type: 'acceptBoard', params: ({ event }) => ({ board: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        moving: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'card.pick': { guard: 'canPick', target: 'dragging', actions: 'pick' } },
            },
            dragging: {
              tags: ['dragging'],
              on: {
                'card.over': { guard: 'isColumn', actions: 'hover' },
                'card.step': { guard: 'hasNeighbour', actions: 'step' },
                'card.drop': [{ guard: 'isMove', target: 'saving', actions: 'makeMove' }, { target: 'idle', actions: 'stay' }],
                'card.cancel': { target: 'idle', actions: 'stay' },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                src: 'saveMove',
                input: ({ context }) => ({ id: context.move!.card.id, stage: context.move!.to, probability: context.move!.probability }),
                onDone: { target: 'idle', actions: 'settle' },
                onError: { target: 'reverting', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            reverting: {
              entry: [
                { type: 'notifyError', params: ({ context, event }) => ({ message: refusalOf(context.move!, event) }) },
                { type: 'putBack', params: ({ event }) => ({ reason: reasonOf(event) }) },
              ],
              always: 'idle',
            },
          },
        },
        paging: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'column.more': { guard: 'columnHasMore', target: 'loading', actions: 'startPage' } },
            },
            loading: {
              invoke: {
                src: 'loadCards',
                input: ({ context }) => ({
                  tenantId: context.tenantId,
                  year: context.year,
                  salespersonId: salespersonOf(context),
                  stage: context.paging!,
                  after: context.columns.find((column) => column.stage === context.paging)?.cursor ?? null,
                }),
                onDone: { target: 'idle', actions: { type: 'acceptPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'idle', actions: ['endPage', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
              },
            },
          },
        },
      },
    },
  },
});

/** The salesperson whose deals are loaded, null for everyone's. */
function salespersonOf(context: PipelineBoardContext): number | null {
  if (context.owner === 'all') return null;
  if (context.owner === 'mine') return context.ownSalespersonId;
  return context.owner;
}

// `reverting` is entered only from the save's error; the event carries it.
function reasonOf(event: unknown): string {
  return errorMessage((event as { error?: unknown }).error);
}

function refusalOf(move: BoardMove, event: unknown): string {
  return BOARD_ANNOUNCEMENTS.refused(move, reasonOf(event));
}
