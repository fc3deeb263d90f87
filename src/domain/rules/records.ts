/**
 * The rules of the record editors' request bodies (opportunity, customer, team,
 * activity, calendar event), each answering every problem at once keyed by the
 * body's property names. The server checks a body with these; the editors parse
 * what was typed (dates, amounts in the reader's locale) and then ask the same
 * function, so both refuse with the same words.
 */
import type { ActivityWrite, CalendarEventWrite, CustomerWrite, OpportunityWrite, TeamWrite } from '../../api/client';
import { amountValueProblem } from './amounts.ts';
import {
  countDigits,
  FIRST_YEAR,
  isBlank,
  isEmailShape,
  isKeptYear,
  isSalespersonPhone,
  LAST_YEAR,
  lengthProblem,
  MAX_EMAIL_LENGTH,
  MAX_PHONE_LENGTH,
  probabilityValueProblem,
} from './fields.ts';
import { problemsOf, type Problem } from './problems.ts';

/** The stages in the order a deal moves through them. */
export const PIPELINE_STAGES = ['qualification', 'proposal', 'negotiation', 'closed won', 'closed lost'] as const;
/** The kinds of activity in the order the editor offers them. */
export const ACTIVITY_KIND_IDS = ['call', 'meeting', 'email', 'task', 'deadline'] as const;

export const RECORD_LIMITS = {
  customer: 200,
  customerName: 200,
  company: 200,
  notes: 2000,
  teamName: 100,
  teamMembers: 500,
  subject: 200,
  durationMinutes: 24 * 60,
  title: 200,
  location: 200,
} as const;

/** A number a person could not have typed wrong: a database id. */
function isId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;
}

/** An ISO instant inside the kept years, as the contract's date-time fields hold them. */
export function isKeptInstant(text: string): boolean {
  const time = Date.parse(text);
  return Number.isFinite(time) && /^\d{4}-\d{2}-\d{2}T/.test(text) && isKeptYear(new Date(time).getUTCFullYear());
}

export const OPPORTUNITY_MESSAGES = {
  customerMissing: 'Customer is required.',
  salespersonMissing: 'Salesperson is required.',
  stageUnknown: 'Stage must be one of the pipeline stages.',
  dateMissing: 'Date is required.',
  dateInvalid: `Date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
} as const;

export type OpportunityBodyField = keyof OpportunityWrite;

export function opportunityWriteProblems(body: OpportunityWrite): Problem<OpportunityBodyField>[] {
  return problemsOf<OpportunityBodyField>([
    [
      'customer',
      isBlank(body.customer) ? OPPORTUNITY_MESSAGES.customerMissing : lengthProblem('Customer', body.customer.trim(), RECORD_LIMITS.customer),
    ],
    ['salesperson_id', isId(body.salesperson_id) ? null : OPPORTUNITY_MESSAGES.salespersonMissing],
    ['stage', (PIPELINE_STAGES as readonly string[]).includes(body.stage) ? null : OPPORTUNITY_MESSAGES.stageUnknown],
    ['created_date', isKeptInstant(body.created_date) ? null : OPPORTUNITY_MESSAGES.dateInvalid],
    ['revenue', amountValueProblem(body.revenue, 'Revenue')],
    ['probability', probabilityValueProblem(body.probability)],
  ]);
}

export const CUSTOMER_MESSAGES = {
  nameMissing: 'Name is required.',
  emailInvalid: 'Email must be an e-mail address such as name@example.com, or empty.',
  phoneInvalid: 'Phone must be a phone number such as +49 30 1234567, or empty.',
} as const;

// "0" alone is no phone number: a customer's has at least 3 digits.
const MIN_CUSTOMER_PHONE_DIGITS = 3;

/** A customer's phone: the Edit Salesperson shape with at least 3 digits, 32 characters at most. */
export function isCustomerPhone(value: string): boolean {
  return value.length <= MAX_PHONE_LENGTH && isSalespersonPhone(value) && countDigits(value) >= MIN_CUSTOMER_PHONE_DIGITS;
}

export type CustomerBodyField = keyof CustomerWrite;

export function customerWriteProblems(body: CustomerWrite): Problem<CustomerBodyField>[] {
  const email = (body.email ?? '').trim();
  const phone = (body.phone ?? '').trim();
  return problemsOf<CustomerBodyField>([
    ['name', isBlank(body.name) ? CUSTOMER_MESSAGES.nameMissing : lengthProblem('Name', body.name.trim(), RECORD_LIMITS.customerName)],
    ['company', lengthProblem('Company', (body.company ?? '').trim(), RECORD_LIMITS.company)],
    ['email', email !== '' && (email.length > MAX_EMAIL_LENGTH || !isEmailShape(email)) ? CUSTOMER_MESSAGES.emailInvalid : null],
    ['phone', phone !== '' && !isCustomerPhone(phone) ? CUSTOMER_MESSAGES.phoneInvalid : null],
    ['notes', lengthProblem('Notes', body.notes ?? '', RECORD_LIMITS.notes)],
  ]);
}

export const TEAM_MESSAGES = {
  nameMissing: 'Name is required.',
  tooManyMembers: `A team can have at most ${RECORD_LIMITS.teamMembers} members.`,
} as const;

export type TeamBodyField = keyof TeamWrite;

export function teamWriteProblems(body: TeamWrite): Problem<TeamBodyField>[] {
  return problemsOf<TeamBodyField>([
    ['name', isBlank(body.name) ? TEAM_MESSAGES.nameMissing : lengthProblem('Name', body.name.trim(), RECORD_LIMITS.teamName)],
    ['memberIds', new Set(body.memberIds).size > RECORD_LIMITS.teamMembers ? TEAM_MESSAGES.tooManyMembers : null],
  ]);
}

export const ACTIVITY_MESSAGES = {
  kindUnknown: 'Kind must be call, meeting, e-mail, task or deadline.',
  subjectMissing: 'Subject is required.',
  dueInvalid: `Due date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  durationInvalid: `Duration must be a whole number of minutes from 0 to ${RECORD_LIMITS.durationMinutes}.`,
  salespersonMissing: 'Salesperson is required.',
} as const;

export type ActivityBodyField = keyof ActivityWrite;

export function isDurationMinutes(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= RECORD_LIMITS.durationMinutes;
}

export function activityWriteProblems(body: ActivityWrite): Problem<ActivityBodyField>[] {
  return problemsOf<ActivityBodyField>([
    ['kind', (ACTIVITY_KIND_IDS as readonly string[]).includes(body.kind) ? null : ACTIVITY_MESSAGES.kindUnknown],
    [
      'subject',
      isBlank(body.subject) ? ACTIVITY_MESSAGES.subjectMissing : lengthProblem('Subject', body.subject.trim(), RECORD_LIMITS.subject),
    ],
    ['due_at', isKeptInstant(body.due_at) ? null : ACTIVITY_MESSAGES.dueInvalid],
    ['duration_minutes', body.duration_minutes === null || isDurationMinutes(body.duration_minutes) ? null : ACTIVITY_MESSAGES.durationInvalid],
    ['salesperson_id', isId(body.salesperson_id) ? null : ACTIVITY_MESSAGES.salespersonMissing],
    ['notes', lengthProblem('Notes', body.notes, RECORD_LIMITS.notes)],
  ]);
}

export const EVENT_MESSAGES = {
  titleMissing: 'Title is required.',
  // In the words the editor's date inputs use: the date is what carries the year.
  startInvalid: `Start date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  endInvalid: `End date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  endBeforeStart: 'The end must not be before the start.',
} as const;

// opportunity_id is not a field of the event editor: a refusal about it shows above the form.
export type EventBodyField = Exclude<keyof CalendarEventWrite, 'opportunity_id'>;

export function eventWriteProblems(body: CalendarEventWrite): Problem<EventBodyField>[] {
  const startsOk = isKeptInstant(body.starts_at);
  const endsOk = isKeptInstant(body.ends_at);
  return problemsOf<EventBodyField>([
    ['title', isBlank(body.title) ? EVENT_MESSAGES.titleMissing : lengthProblem('Title', body.title.trim(), RECORD_LIMITS.title)],
    ['starts_at', startsOk ? null : EVENT_MESSAGES.startInvalid],
    [
      'ends_at',
      !endsOk
        ? EVENT_MESSAGES.endInvalid
        : startsOk && Date.parse(body.ends_at) < Date.parse(body.starts_at)
          ? EVENT_MESSAGES.endBeforeStart
          : null,
    ],
    ['location', lengthProblem('Location', body.location.trim(), RECORD_LIMITS.location)],
    ['notes', lengthProblem('Notes', body.notes, RECORD_LIMITS.notes)],
  ]);
}
