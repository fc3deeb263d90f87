import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Schemas } from '../../../../src/api/client';
import { applyMove, boardOf, moveOf, neighbourStage, revertMove, withPage } from '../../../../src/domain/opportunities/board';
import { newOpportunityForm, offeredProbability, stageChange } from '../../../../src/domain/opportunities/editor';
import {
  DEFAULT_STAGE_PROBABILITIES,
  PIPELINE_STAGES,
  stageProbabilitiesOf,
  stageProbabilitiesProblem,
  stageProbabilityDrafts,
} from '../../../../src/domain/opportunities/pipeline';

type Row = Schemas['OpportunityListRow'];

const rowArbitrary = (id: number) =>
  fc.record({
    stage: fc.constantFrom(...PIPELINE_STAGES),
    revenue: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
    probability: fc.integer({ min: 0, max: 100 }),
  }).map(({ stage, revenue, probability }): Row => ({ id, stage, revenue, probability, created_date: '2026-01-02T12:00:00.000Z', customer: `C${id}`, salesperson_id: 1, salesperson_name: 'S' }));

const boardArbitrary = fc
  .integer({ min: 1, max: 12 })
  .chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => rowArbitrary(index + 1))))
  .map((rows) =>
    boardOf(
      PIPELINE_STAGES.map((stage) => {
        const cards = rows.filter((row) => row.stage === stage).sort((a, b) => b.revenue * b.probability - a.revenue * a.probability || a.id - b.id);
        return {
          stage,
          probability: DEFAULT_STAGE_PROBABILITIES[stage]!,
          count: cards.length,
          revenue: cards.reduce((sum, card) => sum + card.revenue, 0),
          weighted: cards.reduce((sum, card) => sum + Math.round(card.revenue * 100) * card.probability, 0) / 10_000,
          cards,
        };
      }),
    ),
  );

/** What a column shows, recomputed from its cards the slow, obvious way. */
const recount = (columns: ReturnType<typeof boardOf>) =>
  columns.map((column) => [column.stage, column.cards.length, column.cards.reduce((sum, card) => sum + Math.round(card.revenue * 100) * card.probability, 0)]);
const shown = (columns: ReturnType<typeof boardOf>) => columns.map((column) => [column.stage, column.count, column.weightedUnits]);

describe('stage probabilities', () => {
  test('are seeded 10, 30, 60, 100 and 0 for the five stages in order', () => {
    expect(PIPELINE_STAGES.map((stage) => DEFAULT_STAGE_PROBABILITIES[stage])).toEqual([10, 30, 60, 100, 0]);
    expect(stageProbabilitiesProblem(DEFAULT_STAGE_PROBABILITIES)).toBeNull();
  });

  test.prop([fc.constantFrom(...PIPELINE_STAGES), fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double(), fc.constant(undefined))])(
    'each must be a whole number from 0 to 100, named by its stage when not',
    (stage, value) => {
      const problem = stageProbabilitiesProblem({ ...DEFAULT_STAGE_PROBABILITIES, [stage]: value });
      const fine = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
      expect(problem).toBe(fine ? null : `${stage.charAt(0).toUpperCase()}${stage.slice(1)} probability must be a whole number from 0 to 100.`);
    },
  );

  test('typed texts round-trip, and what is no whole number is refused', () => {
    expect(stageProbabilitiesOf(stageProbabilityDrafts(DEFAULT_STAGE_PROBABILITIES))).toEqual(DEFAULT_STAGE_PROBABILITIES);
    for (const typed of ['', '1e2', '12.5', '-1', 'x']) {
      expect(stageProbabilitiesProblem(stageProbabilitiesOf({ ...stageProbabilityDrafts(DEFAULT_STAGE_PROBABILITIES), proposal: typed }))).not.toBeNull();
    }
  });

  test("the editor moves the probability with the stage while it is the old stage's default, and otherwise offers the new one", () => {
    const form = newOpportunityForm(new Date(2026, 5, 15), undefined, 'en-US');
    expect(stageChange(form, 'proposal', DEFAULT_STAGE_PROBABILITIES)).toEqual({ stage: 'proposal', probability: '30' });
    const own = { ...form, probability: '95' };
    expect(stageChange(own, 'proposal', DEFAULT_STAGE_PROBABILITIES)).toEqual({ stage: 'proposal' });
    expect(offeredProbability({ ...own, stage: 'proposal' }, DEFAULT_STAGE_PROBABILITIES)).toBe(30);
    expect(offeredProbability({ ...own, stage: 'proposal', probability: '30' }, DEFAULT_STAGE_PROBABILITIES)).toBeNull();
    expect(offeredProbability({ ...own, stage: 'on hold' }, DEFAULT_STAGE_PROBABILITIES)).toBeNull();
  });
});

describe('the board', () => {
  test.prop([boardArbitrary, fc.nat(), fc.constantFrom(...PIPELINE_STAGES)])(
    "a move shows the card in its new column at the stage's probability, every column's count and weighted total following; putting it back restores the board",
    (columns, pick, to) => {
      const cards = columns.flatMap((column) => column.cards);
      const card = cards[pick % cards.length]!;
      const move = moveOf(columns, card.id, to);
      if (card.stage === to) return void expect(move).toBeNull();
      const moved = applyMove(columns, move!);
      expect(shown(moved)).toEqual(recount(moved));
      const target = moved.find((column) => column.stage === to)!;
      expect(target.cards.find((candidate) => candidate.id === card.id)!.probability).toBe(DEFAULT_STAGE_PROBABILITIES[to]);
      expect(target.cards.map((candidate) => candidate.weightedUnits)).toEqual([...target.cards.map((candidate) => candidate.weightedUnits)].sort((a, b) => b - a));
      expect(moved.reduce((sum, column) => sum + column.count, 0)).toBe(cards.length);
      expect(shown(revertMove(moved, move!))).toEqual(shown(columns));
      expect(revertMove(moved, move!).map((column) => column.cards.map((candidate) => candidate.id))).toEqual(columns.map((column) => column.cards.map((candidate) => candidate.id)));
    },
  );

  test('a stage the pipeline does not know takes no deals, and the arrows pass over it', () => {
    const columns = boardOf([
      { stage: 'qualification', probability: 10, count: 1, revenue: 1, weighted: 0.1, cards: [{ id: 1, created_date: '2026-01-02T12:00:00.000Z', customer: 'A', stage: 'qualification', revenue: 1, probability: 10, salesperson_id: 1, salesperson_name: 'S' }] },
      { stage: 'on hold', probability: null, count: 0, revenue: 0, weighted: 0, cards: [] },
      { stage: 'proposal', probability: 30, count: 0, revenue: 0, weighted: 0, cards: [] },
    ]);
    expect(moveOf(columns, 1, 'on hold')).toBeNull();
    expect(neighbourStage(columns, 'qualification', 1)).toBe('proposal');
    expect(neighbourStage(columns, 'proposal', 1)).toBeNull();
    expect(withPage(columns, 'qualification', [], 40)[0]!.more).toBe(false);
  });
});
