import { PIPELINE_STAGES as STAGES } from '../rules/records.ts';
import type { OpportunityRow } from './rows.ts';

/** The stages in the order a deal moves through them (as the demo data uses them). */
export const PIPELINE_STAGES: readonly string[] = STAGES;

/** How many cards a column shows: the largest deals; the rest are counted. */
export const CARDS_PER_STAGE = 8;

export interface StageColumn {
  stage: string;
  count: number;
  revenueUnits: number;
  weightedUnits: number;
  /** The column's largest opportunities by weighted value, at most CARDS_PER_STAGE. */
  cards: OpportunityRow[];
}

const byWeightedValue = (a: OpportunityRow, b: OpportunityRow) =>
  b.weightedUnits - a.weightedUnits || b.revenueUnits - a.revenueUnits || a.id - b.id;

/**
 * One column per stage: the known stages always, in their order, even when
 * empty, so the board keeps its shape; any other stage the data holds after
 * them, by name, so no opportunity is left off the board.
 */
export function groupByStage(rows: readonly OpportunityRow[], cardsPerStage = CARDS_PER_STAGE): StageColumn[] {
  const groups = new Map<string, OpportunityRow[]>(PIPELINE_STAGES.map((stage) => [stage, []]));
  for (const row of rows) {
    const group = groups.get(row.stage);
    if (group) group.push(row);
    else groups.set(row.stage, [row]);
  }
  const known = new Set(PIPELINE_STAGES);
  const stages = [...PIPELINE_STAGES, ...[...groups.keys()].filter((stage) => !known.has(stage)).sort()];
  return stages.map((stage) => {
    const group = groups.get(stage)!;
    let revenueUnits = 0;
    let weightedUnits = 0;
    for (const row of group) {
      revenueUnits += row.revenueUnits;
      weightedUnits += row.weightedUnits;
    }
    return { stage, count: group.length, revenueUnits, weightedUnits, cards: group.sort(byWeightedValue).slice(0, cardsPerStage) };
  });
}
