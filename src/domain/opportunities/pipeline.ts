import { PIPELINE_STAGES as STAGES } from '../rules/records.ts';

/** The stages in the order a deal moves through them (as the demo data uses them). */
export const PIPELINE_STAGES: readonly string[] = STAGES;

/** Each stage's default probability, in percent: what moving a deal to the stage offers. */
export type StageProbabilities = Readonly<Record<string, number>>;

/**
 * The usual first estimates of sales pipelines, and every tenant's until its Super
 * Admin changes them (migration 020 stores the same; a server test holds the two
 * face to face).
 */
export const DEFAULT_STAGE_PROBABILITIES: StageProbabilities = {
  qualification: 10,
  proposal: 30,
  negotiation: 60,
  'closed won': 100,
  'closed lost': 0,
};

export const STAGE_PROBABILITY_MESSAGES = {
  invalid: (stageLabel: string) => `${stageLabel} probability must be a whole number from 0 to 100.`,
} as const;

/** The stage's default probability, or null for a stage the pipeline does not know. */
export function stageProbabilityOf(probabilities: StageProbabilities, stage: string): number | null {
  return PIPELINE_STAGES.includes(stage) ? (probabilities[stage] ?? DEFAULT_STAGE_PROBABILITIES[stage] ?? null) : null;
}

/** A stage as people read it: its first letter capitalised. */
export function stageName(stage: string): string {
  return stage === '' ? 'No stage' : stage.charAt(0).toUpperCase() + stage.slice(1);
}

/**
 * The first stage whose probability is not a whole number from 0 to 100, in people's
 * words, or null when every known stage has one. The settings screen and the server
 * both ask this.
 */
export function stageProbabilitiesProblem(probabilities: Readonly<Record<string, unknown>>): string | null {
  for (const stage of PIPELINE_STAGES) {
    const value = probabilities[stage];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) {
      return STAGE_PROBABILITY_MESSAGES.invalid(stageName(stage));
    }
  }
  return null;
}

/** The probabilities as typed into the settings screen, one text per stage. */
export type StageProbabilityDrafts = Readonly<Record<string, string>>;

export function stageProbabilityDrafts(probabilities: StageProbabilities): StageProbabilityDrafts {
  return Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, String(probabilities[stage] ?? DEFAULT_STAGE_PROBABILITIES[stage])]));
}

/** The typed probabilities as numbers; a text that is no whole number stays NaN, which the problem check names. */
export function stageProbabilitiesOf(drafts: StageProbabilityDrafts): StageProbabilities {
  return Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, /^\s*\d{1,3}\s*$/.test(drafts[stage] ?? '') ? Number(drafts[stage]) : Number.NaN]));
}
