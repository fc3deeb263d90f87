import type { Opportunity, OpportunityWrite, Salesperson } from '../../api/client';
import { dayNumberOf, startOfDayNumber } from '../revenue/calendar.ts';
import { localDayOfCreatedDate } from '../revenue/prepare.ts';
import {
  amountTextProblem,
  amountValueProblem,
  dateProblem,
  formatAmountInput,
  isKeptYear,
  mergeProblems,
  opportunityWriteProblems,
  parseAmount,
  parseDateText,
  parseProbability,
  probabilityMessage,
  problemsOf,
  RECORD_LIMITS,
  renameProblems,
  type OpportunityBodyField,
  type Problem,
} from '../rules/index.ts';
import { PIPELINE_STAGES } from './pipeline.ts';

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
  /** As typed, in the reader's locale: '1,234.50' in English, '1.234,50' in German. */
  revenue: string;
  probability: string;
  /** The locale the revenue is typed in. */
  locale: string;
}

/** What the form's selects and suggestions offer. */
export interface OpportunityChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
  /** Known customer names, suggested while typing; any other name is a new customer. */
  customers: readonly string[];
  stages: readonly string[];
}

/** A deal just qualified rarely closes; 10 % is the usual first estimate in sales pipelines. */
export const DEFAULT_PROBABILITY = 10;
export const MAX_CUSTOMER_LENGTH = RECORD_LIMITS.customer;

export const OPPORTUNITY_SAVED_MESSAGES = {
  created: 'Opportunity created successfully',
  updated: 'Opportunity updated successfully',
} as const;

export type OpportunityField = Exclude<keyof OpportunityForm, 'createdAt' | 'locale'>;

/** The form's fields in the order the screen shows them. */
export const OPPORTUNITY_FIELDS: readonly OpportunityField[] = ['customer', 'salespersonId', 'stage', 'date', 'revenue', 'probability'];

/** The form field each property of the request body comes from. */
export const OPPORTUNITY_FIELD_OF_BODY: Readonly<Record<OpportunityBodyField, OpportunityField>> = {
  customer: 'customer',
  salesperson_id: 'salespersonId',
  stage: 'stage',
  created_date: 'date',
  revenue: 'revenue',
  probability: 'probability',
};

/** The form before loading has filled it. */
export const BLANK_OPPORTUNITY_FORM: OpportunityForm = {
  customer: '',
  salespersonId: '',
  stage: PIPELINE_STAGES[0]!,
  date: '',
  createdAt: null,
  revenue: '',
  probability: String(DEFAULT_PROBABILITY),
  locale: 'en',
};

/** yyyy-MM-dd of a local calendar day. */
function dateTextOfDay(day: number): string {
  const date = startOfDayNumber(day);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new opportunity: created now, at the first stage, for the given salesperson if any. */
export function newOpportunityForm(now: Date, salespersonId: number | undefined, locale: string): OpportunityForm {
  return {
    ...BLANK_OPPORTUNITY_FORM,
    locale,
    salespersonId: salespersonId === undefined ? '' : String(salespersonId),
    date: dateTextOfDay(dayNumberOf(now)),
    createdAt: now.toISOString(),
  };
}

/** A stored opportunity as the form shows it. */
export function opportunityFormOf(opportunity: Opportunity, locale: string): OpportunityForm {
  return {
    customer: opportunity.customer,
    salespersonId: String(opportunity.salesperson_id),
    stage: opportunity.stage,
    date: dateTextOfDay(localDayOfCreatedDate(opportunity.created_date)),
    createdAt: opportunity.created_date,
    revenue: formatAmountInput(opportunity.revenue, locale),
    probability: String(opportunity.probability),
    locale,
  };
}

/** The local start of a yyyy-MM-dd, or null when it names no real day in the kept years. */
function dateOfText(text: string): Date | null {
  const date = parseDateText(text);
  if (!date || !isKeptYear(date.year)) return null;
  const start = new Date(date.year, date.month - 1, date.day);
  start.setFullYear(date.year, date.month - 1, date.day);
  return start;
}

/** The body the form stands for, with stand-ins where a field cannot be read (its own problem says why). */
function draftWriteOf(form: OpportunityForm): OpportunityWrite {
  const date = dateOfText(form.date);
  return {
    customer: form.customer.trim(),
    salesperson_id: form.salespersonId === '' ? 0 : Number(form.salespersonId),
    stage: form.stage as OpportunityWrite['stage'],
    created_date: date ? createdDateOf(form, date) : '',
    revenue: parseAmount(form.revenue, form.locale) ?? 0,
    probability: parseProbability(form.probability) ?? 0,
  };
}

/**
 * Every problem of the form at once, in the order of its fields: what was typed
 * (a date, an amount in the reader's locale, a whole percentage), then the rules
 * the server checks the request body with.
 */
export function opportunityProblems(form: OpportunityForm): Problem<OpportunityField>[] {
  const typed = problemsOf<OpportunityField>([
    ['date', dateProblem('Date', form.date)],
    ['revenue', amountTextProblem('Revenue', form.revenue, form.locale)],
    ['probability', parseProbability(form.probability) === null ? probabilityMessage() : null],
  ]);
  const body = renameProblems(opportunityWriteProblems(draftWriteOf(form)), (field) => OPPORTUNITY_FIELD_OF_BODY[field]);
  return mergeProblems(OPPORTUNITY_FIELDS, typed, body);
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
  const problems = opportunityProblems(form);
  if (problems.length > 0) throw new Error(`The form cannot be saved: ${problems[0]!.message}`);
  return draftWriteOf(form);
}

/**
 * The spec's weighted revenue (revenue × probability / 100) of what the form
 * holds, in the dashboard's units (hundredths of a cent: cents × probability,
 * exactly as prepareOpportunities counts it), or null while either is not a
 * valid value yet.
 */
export function weightedUnitsOf(form: Pick<OpportunityForm, 'revenue' | 'probability' | 'locale'>): number | null {
  const revenue = parseAmount(form.revenue, form.locale);
  const probability = parseProbability(form.probability);
  if (revenue === null || amountValueProblem(revenue, 'Revenue') !== null || probability === null) return null;
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
