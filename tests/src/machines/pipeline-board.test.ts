import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Schemas } from '../../../src/api/client.ts';
import { BOARD_PAGE_SIZE, pipelineBoardMachine, type BoardRequest, type CardsRequest, type LoadedBoard, type SaveMoveRequest } from '../../../src/machines/pipeline-board.ts';

type Row = Schemas['OpportunityListRow'];

const row = (id: number, stage: string, revenue: number, probability: number): Row => ({
  id,
  created_date: '2026-03-05T09:30:00.000Z',
  customer: `Customer ${id}`,
  stage,
  revenue,
  probability,
  salesperson_id: 3,
  salesperson_name: 'Riley Rep',
});

const column = (stage: string, probability: number | null, cards: Row[], count = cards.length): Schemas['BoardColumn'] => ({
  stage,
  probability,
  count,
  revenue: cards.reduce((sum, card) => sum + card.revenue, 0),
  weighted: cards.reduce((sum, card) => sum + (card.revenue * card.probability) / 100, 0),
  cards,
});

/** Qualification holds deal 1 (and 41 more on the server), Proposal deal 2; 'on hold' is a stage the pipeline does not know. */
const board: LoadedBoard = {
  columns: [
    column('qualification', 10, [row(1, 'qualification', 1000, 10)], 42),
    column('proposal', 30, [row(2, 'proposal', 500, 30)]),
    column('negotiation', 60, []),
    column('closed won', 100, []),
    column('closed lost', 0, []),
    column('on hold', null, [row(3, 'on hold', 100, 50)]),
  ],
  salespersons: [{ id: 3, name: 'Riley Rep' }],
  ownSalespersonId: 3,
};

function startBoard(options: { save?: (move: SaveMoveRequest) => Promise<unknown>; cards?: (request: CardsRequest) => Promise<Row[]> } = {}) {
  const seen = { loads: [] as BoardRequest[], saves: [] as SaveMoveRequest[], pages: [] as CardsRequest[], errors: [] as string[] };
  const machine = pipelineBoardMachine.provide({
    actors: {
      loadBoard: fromPromise<LoadedBoard, BoardRequest>(async ({ input }) => (seen.loads.push(input), board)),
      loadCards: fromPromise<readonly Row[], CardsRequest>(async ({ input }) => (seen.pages.push(input), (options.cards ?? (async () => []))(input))),
      saveMove: fromPromise<unknown, SaveMoveRequest>(async ({ input }) => (seen.saves.push(input), (options.save ?? (async () => ({})))(input))),
    },
    actions: { notifyError: (_, { message }) => void seen.errors.push(message), logError: () => {} },
  });
  const actor = createActor(machine, { input: { tenantId: 1, year: 2026 } }).start();
  return { actor, seen };
}

const stageOf = (actor: ReturnType<typeof startBoard>['actor'], id: number) =>
  actor.getSnapshot().context.columns.find((candidate) => candidate.cards.some((card) => card.id === id))?.stage;
const figures = (actor: ReturnType<typeof startBoard>['actor']) =>
  Object.fromEntries(actor.getSnapshot().context.columns.map((candidate) => [candidate.stage, [candidate.count, candidate.weightedUnits]]));

describe('the pipeline board', () => {
  test("a deal picked up, carried to Proposal and dropped shows there at once with the stage's probability, counts and totals following, and is saved", async () => {
    let release!: () => void;
    const { actor, seen } = startBoard({ save: () => new Promise<void>((resolve) => (release = resolve)) });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(seen.loads).toEqual([{ tenantId: 1, year: 2026, salespersonId: null }]);
    actor.send({ type: 'card.pick', id: 1 });
    expect(actor.getSnapshot().hasTag('dragging')).toBe(true);
    expect(actor.getSnapshot().context.announcement).toMatch(/^Picked up Customer 1 in Qualification\./);
    actor.send({ type: 'card.over', stage: 'proposal' });
    expect(actor.getSnapshot().context.announcement).toBe('Over Proposal.');
    actor.send({ type: 'card.drop' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(stageOf(actor, 1)).toBe('proposal');
    expect(figures(actor)).toMatchObject({ qualification: [41, 0], proposal: [2, 100_000 * 30 + 50_000 * 30] });
    expect(actor.getSnapshot().context.announcement).toBe('Moved Customer 1 to Proposal at 30 %.');
    expect(seen.saves).toEqual([{ id: 1, stage: 'proposal', probability: 30 }]);
    release();
    await waitFor(actor, (state) => state.matches({ ready: { moving: 'idle' } }));
    expect(stageOf(actor, 1)).toBe('proposal');
    expect(seen.errors).toEqual([]);
  });

  test('a move the server refuses is put back with its counts, and the person is told why', async () => {
    const { actor, seen } = startBoard({ save: async () => Promise.reject(new Error('it was deleted meanwhile.')) });
    await waitFor(actor, (state) => state.matches('ready'));
    const before = figures(actor);
    actor.send({ type: 'card.pick', id: 1 });
    actor.send({ type: 'card.step', direction: 1 });
    actor.send({ type: 'card.step', direction: 1 });
    expect(actor.getSnapshot().context.drag?.over).toBe('negotiation');
    actor.send({ type: 'card.drop' });
    await waitFor(actor, (state) => state.matches({ ready: { moving: 'idle' } }));
    expect(stageOf(actor, 1)).toBe('qualification');
    expect(figures(actor)).toEqual(before);
    expect(actor.getSnapshot().context.columns[0]!.cards[0]!.probability).toBe(10);
    const message = 'Customer 1 could not be moved to Negotiation and is back in Qualification: it was deleted meanwhile.';
    expect(seen.errors).toEqual([message]);
    expect(actor.getSnapshot().context.announcement).toBe(message);
  });

  test('dropping where it came from, cancelling, or over a stage deals cannot go to saves nothing; the arrows stop at the last column deals can go to', async () => {
    const { actor, seen } = startBoard();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'card.pick', id: 1 });
    actor.send({ type: 'card.drop' });
    expect(actor.getSnapshot().context.announcement).toBe('Customer 1 stays in Qualification.');
    actor.send({ type: 'card.pick', id: 1 });
    actor.send({ type: 'card.step', direction: -1 });
    expect(actor.getSnapshot().context.drag?.over).toBe('qualification');
    for (let step = 0; step < 6; step++) actor.send({ type: 'card.step', direction: 1 });
    expect(actor.getSnapshot().context.drag?.over).toBe('closed lost');
    actor.send({ type: 'card.cancel' });
    actor.send({ type: 'card.pick', id: 2 });
    actor.send({ type: 'card.over', stage: 'on hold' });
    actor.send({ type: 'card.drop' });
    expect(actor.getSnapshot().matches({ ready: { moving: 'idle' } })).toBe(true);
    expect(stageOf(actor, 2)).toBe('proposal');
    expect(seen.saves).toEqual([]);
  });

  test("a column's next page continues after its last card, skips deals already on the board, and stops when the server has no more", async () => {
    const { actor, seen } = startBoard({
      cards: async () => [row(2, 'qualification', 900, 10), ...Array.from({ length: BOARD_PAGE_SIZE - 1 }, (_, index) => row(100 + index, 'qualification', 800, 10))],
    });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'column.more', stage: 'proposal' });
    expect(seen.pages).toEqual([]);
    actor.send({ type: 'column.more', stage: 'qualification' });
    await waitFor(actor, (state) => state.matches({ ready: { paging: 'idle' } }));
    expect(seen.pages).toEqual([{ tenantId: 1, year: 2026, salespersonId: null, stage: 'qualification', after: { revenue: 1000, probability: 10, id: 1 } }]);
    const qualification = actor.getSnapshot().context.columns[0]!;
    // Deal 2 is in Proposal already; it is not shown twice.
    expect(qualification.cards.map((card) => card.id)).toEqual([1, ...Array.from({ length: BOARD_PAGE_SIZE - 1 }, (_, index) => 100 + index)]);
    expect(qualification.more).toBe(true);
    expect(qualification.cursor).toEqual({ revenue: 800, probability: 10, id: 138 });
  });

  test("'Mine' loads the caller's own deals, another year reloads, and a failed load can be tried again", async () => {
    let fail = false;
    const seen: BoardRequest[] = [];
    const machine = pipelineBoardMachine.provide({
      actors: {
        loadBoard: fromPromise<LoadedBoard, BoardRequest>(async ({ input }) => {
          seen.push(input);
          if (fail) throw new Error('503');
          return board;
        }),
      },
    });
    const actor = createActor(machine, { input: { tenantId: 1, year: 2026 } }).start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'owner.change', owner: 'mine' });
    await waitFor(actor, (state) => state.matches('ready'));
    fail = true;
    actor.send({ type: 'year.change', year: 2031 });
    await waitFor(actor, (state) => state.matches('failed'));
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(seen).toEqual([
      { tenantId: 1, year: 2026, salespersonId: null },
      { tenantId: 1, year: 2026, salespersonId: 3 },
      { tenantId: 1, year: 2031, salespersonId: 3 },
      { tenantId: 1, year: 2031, salespersonId: 3 },
    ]);
  });
});
