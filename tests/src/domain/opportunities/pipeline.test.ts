import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { groupByStage, PIPELINE_STAGES } from '../../../../src/domain/opportunities/pipeline';
import { makeOpportunity, opportunitiesArbitrary, rowsOf } from '../../../support/fixtures/opportunities';

describe('the pipeline board', () => {
  test('shows the five stages in the order a deal moves through them, even when empty', () => {
    expect(groupByStage([]).map((column) => [column.stage, column.count, column.weightedUnits])).toEqual(
      ['qualification', 'proposal', 'negotiation', 'closed won', 'closed lost'].map((stage) => [stage, 0, 0]),
    );
  });

  test.prop([opportunitiesArbitrary, fc.integer({ min: 0, max: 5 })])(
    "puts every opportunity in its stage's column, with the column's count and exact weighted total",
    (opportunities, cardsPerStage) => {
      const rows = rowsOf(opportunities);
      const columns = groupByStage(rows, cardsPerStage);
      const stages = columns.map((column) => column.stage);
      expect(stages.slice(0, PIPELINE_STAGES.length)).toEqual(PIPELINE_STAGES);
      expect(new Set(stages)).toEqual(new Set([...PIPELINE_STAGES, ...rows.map((row) => row.stage)]));
      for (const column of columns) {
        const inStage = rows.filter((row) => row.stage === column.stage);
        expect(column.count).toBe(inStage.length);
        expect(column.weightedUnits).toBe(inStage.reduce((sum, row) => sum + Math.round(row.revenue * 100) * row.probability, 0));
        expect(column.cards).toHaveLength(Math.min(cardsPerStage, inStage.length));
        // The cards are the column's largest by weighted value.
        const smallestShown = Math.min(...column.cards.map((card) => card.weightedUnits));
        const left = inStage.filter((row) => !column.cards.includes(row));
        for (const row of left) expect(row.weightedUnits).toBeLessThanOrEqual(smallestShown);
      }
    },
  );

  test('a stage the board does not know gets a column after the known ones', () => {
    const columns = groupByStage(rowsOf([makeOpportunity({ stage: 'on hold' }), makeOpportunity({ stage: 'proposal' })]));
    expect(columns.map((column) => column.stage)).toEqual([...PIPELINE_STAGES, 'on hold']);
    expect(columns.at(-1)!.count).toBe(1);
  });
});
