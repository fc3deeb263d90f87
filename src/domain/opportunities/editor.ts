import type { Opportunity, OpportunityWrite, Salesperson } from '../../api/client';
import { dayNumberOf, startOfDayNumber } from '../revenue/calendar.ts';
import { localDayOfCreatedDate } from '../revenue/prepare.ts';
import { DEFAULT_STAGE_PROBABILITIES, PIPELINE_STAGES, stageProbabilityOf, type StageProbabilities } from './pipeline.ts';

/**
 * The add and edit screens' form. Inputs hold text, so what a person typed is
 * kept as typed until it is valid; the date is a local calendar day, as the
 * screens show days.
 */
export interface OpportunityForm {
  customer: string;
  /** The chosen salesperson's id as the select holds it; '' until one is chosen. */
  salespersonId: string;
  stage: string;
  /** yyyy-MM-dd, a local calendar day. */
  date: string;
  /**
   * The instant behind the date: the stored one when editing, the moment the
   * screen opened when adding. It is sent as it is while its local day is the
   * form's date, so saving an edit without touching the date moves nothing.
   */
  createdAt: string | null;
  revenue: string;
  probability: string;
}

/** What the form's selects and suggestions offer. */
export interface OpportunityChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
  /** Known customer names, suggested while typing; any other name is a new customer. */
  customers: readonly string[];
  stages: readonly string[];
  /** The tenant's default probability of each stage, offered when the stage changes. */
  stageProbabilities: StageProbabilities;
}

export const MAX_CUSTOMER_LENGTH = 200;
/** numeric(14,2): twelve digits before the point, two after. */
export const MAX_REVENUE = 999_999_999_999.99;
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;
/** A new deal starts in the first stage, at its default probability. */
export const DEFAULT_PROBABILITY = DEFAULT_STAGE_PROBABILITIES[PIPELINE_STAGES[0]!]!;

export const OPPORTUNITY_MESSAGES = {
  customerMissing: 'Customer is required.',
  customerTooLong: `Customer must be at most ${MAX_CUSTOMER_LENGTH} characters.`,
  salespersonMissing: 'Salesperson is required.',
  stageUnknown: 'Stage must be one of the pipeline stages.',
  dateMissing: 'Date is required.',
  dateInvalid: `Date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  revenueMissing: 'Revenue is required.',
  revenueInvalid: 'Revenue must be a number from 0 to 999,999,999,999.99 with at most two decimals.',
  probabilityInvalid: 'Probability must be a whole number from 0 to 100.',
  created: 'Opportunity created successfully',
  updated: 'Opportunity updated successfully',
} as const;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
// Plain decimal notation only: '1e3' or '0x10' are numbers to JavaScript, not to a person.
const REVENUE_TEXT = /^\d+(\.\d{1,2})?$/;
const PROBABILITY_TEXT = /^\d{1,3}$/;

/** The form before loading has filled it. */
export const BLANK_OPPORTUNITY_FORM: OpportunityForm = {
  customer: '',
  salespersonId: '',
  stage: PIPELINE_STAGES[0]!,
  date: '',
  createdAt: null,
  revenue: '',
  probability: String(DEFAULT_PROBABILITY),
};

/** yyyy-MM-dd of a local calendar day. */
function dateTextOfDay(day: number): string {
  const date = startOfDayNumber(day);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new opportunity: created now, at the first stage, for the given salesperson if any. */
export function newOpportunityForm(now: Date, salespersonId?: number): OpportunityForm {
  return {
    ...BLANK_OPPORTUNITY_FORM,
    salespersonId: salespersonId === undefined ? '' : String(salespersonId),
    date: dateTextOfDay(dayNumberOf(now)),
    createdAt: now.toISOString(),
  };
}

/** A stored opportunity as the form shows it. */
export function opportunityFormOf(opportunity: Opportunity): OpportunityForm {
  return {
    customer: opportunity.customer,
    salespersonId: String(opportunity.salesperson_id),
    stage: opportunity.stage,
    date: dateTextOfDay(localDayOfCreatedDate(opportunity.created_date)),
    createdAt: opportunity.created_date,
    revenue: opportunity.revenue.toFixed(2),
    probability: String(opportunity.probability),
  };
}

/** The local calendar date of yyyy-MM-dd, or null when it names no such day in the years the server keeps. */
function dateOfText(text: string): Date | null {
  const match = DATE_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(year, month - 1, day);
  // new Date rolls 31 April over into May; such a date was never valid.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function revenueOf(text: string): number | null {
  const trimmed = text.trim();
  if (!REVENUE_TEXT.test(trimmed)) return null;
  const revenue = Number(trimmed);
  return revenue <= MAX_REVENUE ? revenue : null;
}

function probabilityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!PROBABILITY_TEXT.test(trimmed)) return null;
  const probability = Number(trimmed);
  return probability <= 100 ? probability : null;
}

/** The first thing wrong with the form, in the order the fields appear, or null when it can be saved. */
export function opportunityProblem(form: OpportunityForm): string | null {
  const customer = form.customer.trim();
  if (customer === '') return OPPORTUNITY_MESSAGES.customerMissing;
  if (customer.length > MAX_CUSTOMER_LENGTH) return OPPORTUNITY_MESSAGES.customerTooLong;
  if (form.salespersonId === '') return OPPORTUNITY_MESSAGES.salespersonMissing;
  if (!PIPELINE_STAGES.includes(form.stage)) return OPPORTUNITY_MESSAGES.stageUnknown;
  if (form.date === '') return OPPORTUNITY_MESSAGES.dateMissing;
  if (dateOfText(form.date) === null) return OPPORTUNITY_MESSAGES.dateInvalid;
  if (form.revenue.trim() === '') return OPPORTUNITY_MESSAGES.revenueMissing;
  if (revenueOf(form.revenue) === null) return OPPORTUNITY_MESSAGES.revenueInvalid;
  if (probabilityOf(form.probability) === null) return OPPORTUNITY_MESSAGES.probabilityInvalid;
  return null;
}

/**
 * The instant to store: the kept one while its local day is still the form's
 * date, else the start of the chosen local day.
 */
function createdDateOf(form: OpportunityForm, date: Date): string {
  if (form.createdAt !== null && dateTextOfDay(localDayOfCreatedDate(form.createdAt)) === form.date) return form.createdAt;
  return date.toISOString();
}

/** The body of POST /api/opportunities and PUT /api/opportunities/{id}; only for a form without a problem. */
export function opportunityWriteOf(form: OpportunityForm): OpportunityWrite {
  const problem = opportunityProblem(form);
  if (problem !== null) throw new Error(`The form cannot be saved: ${problem}`);
  return {
    customer: form.customer.trim(),
    salesperson_id: Number(form.salespersonId),
    stage: form.stage as OpportunityWrite['stage'],
    created_date: createdDateOf(form, dateOfText(form.date)!),
    revenue: revenueOf(form.revenue)!,
    probability: probabilityOf(form.probability)!,
  };
}

/**
 * The spec's weighted revenue (revenue × probability / 100) of what the form
 * holds, in the dashboard's units (hundredths of a cent: cents × probability,
 * exactly as prepareOpportunities counts it), or null while either is not a
 * valid value yet.
 */
export function weightedUnitsOf(form: Pick<OpportunityForm, 'revenue' | 'probability'>): number | null {
  const revenue = revenueOf(form.revenue);
  const probability = probabilityOf(form.probability);
  if (revenue === null || probability === null) return null;
  return Math.round(revenue * 100) * probability;
}

/** Customer names for suggestions: each once (regardless of case), by name, blanks left out. */
export function customerSuggestions(names: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed !== '' && !byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * What choosing a stage changes: the stage, and the probability with it while the
 * probability is still the old stage's default (nobody has set one of their own);
 * otherwise the new stage's default is only offered (offeredProbability).
 */
export function stageChange(form: OpportunityForm, stage: string, probabilities: StageProbabilities): Partial<OpportunityForm> {
  const before = stageProbabilityOf(probabilities, form.stage);
  const after = stageProbabilityOf(probabilities, stage);
  const untouched = form.probability.trim() === '' || (before !== null && Number(form.probability) === before);
  return after !== null && untouched ? { stage, probability: String(after) } : { stage };
}

/** The stage's default probability when the form's differs from it, to offer next to the field; null otherwise. */
export function offeredProbability(form: OpportunityForm, probabilities: StageProbabilities): number | null {
  const offer = stageProbabilityOf(probabilities, form.stage);
  return offer === null || form.probability.trim() === String(offer) ? null : offer;
}
