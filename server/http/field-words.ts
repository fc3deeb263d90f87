import { MESSAGES } from '../../src/domain/validation.ts';
import { CUSTOMER_MESSAGES } from '../../src/domain/customers/validation.ts';
import { OPPORTUNITY_MESSAGES } from '../../src/domain/opportunities/editor.ts';
import { ACTIVITY_MESSAGES } from '../../src/domain/activities/editor.ts';
import { TEAM_MESSAGES } from '../../src/domain/teams/editor.ts';
import { FILE_TOO_LARGE_MESSAGE } from '../../src/domain/attachments/rules.ts';

/**
 * What the server says about each field of each request body, when the contract's
 * schema refuses it. The words are the domain rules' own (src/domain), so a refusal
 * that reaches a person reads as the form would have said it; a rule the forms state
 * in the house pattern ('X is required.', 'X must be at most N characters.') needs
 * only its label here.
 */
export interface FieldWords {
  label: string;
  required: string;
  /** Any rule of shape: type, format, pattern, enum, range. */
  invalid: string;
  /** A property the body may not carry at all. */
  unknown: string;
  tooShort?: string;
  tooLong?: string;
  tooMany?: string;
}

export type FormWords = Readonly<Record<string, Partial<FieldWords>>>;

/** The field's words, the house pattern filling whatever the form does not state. */
export function wordsOfField(form: FormWords, field: string): FieldWords {
  const stated = form[field] ?? {};
  const label = stated.label ?? labelOf(field);
  return {
    label,
    required: `${label} is required.`,
    invalid: `${label} is not valid.`,
    unknown: `${label} cannot be sent here.`,
    ...stated,
  };
}

/** `salesperson_id` → 'Salesperson', `content_base64` → 'Content base64'. */
function labelOf(field: string): string {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[_\s]+/).filter((word) => word !== '' && word.toLowerCase() !== 'id' && word.toLowerCase() !== 'ids');
  const text = (words.length ? words : [field]).join(' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const PASSWORD_TOO_SHORT = MESSAGES.signupPasswordTooShort;
export const BASE64_ONLY = 'The file must be sent in standard padded base64.';

const userWords = (required: string): FormWords => ({
  name: { required },
  email: { required, invalid: MESSAGES.emailInvalid },
  password: { required, tooShort: PASSWORD_TOO_SHORT },
  role_id: { label: 'Role', required, invalid: 'Role must be Admin or User.' },
  phone: { required, invalid: MESSAGES.phoneInvalid },
  mobile: { required, invalid: MESSAGES.phoneInvalid },
});

/** The words of each request body, by the name of its schema in the contract. */
export const bodyWords: Readonly<Record<string, FormWords>> = {
  SignUpRequest: {
    email: { required: MESSAGES.signupFieldsMissing, invalid: MESSAGES.emailInvalid },
    password: { required: MESSAGES.signupFieldsMissing, tooShort: MESSAGES.signupPasswordTooShort },
  },
  UserCreate: userWords(MESSAGES.userFieldsMissing),
  UserUpdate: userWords(MESSAGES.userFieldsMissing),
  SalespersonCreate: userWords(MESSAGES.userFieldsMissing),
  SalespersonUpdate: {
    ...userWords(MESSAGES.salespersonFieldsMissing),
    latest_login: { label: 'Latest authentication' },
  },
  CustomerWrite: {
    name: { required: CUSTOMER_MESSAGES.nameMissing, tooLong: CUSTOMER_MESSAGES.nameTooLong },
    company: { tooLong: CUSTOMER_MESSAGES.companyTooLong },
    email: { invalid: CUSTOMER_MESSAGES.emailInvalid, tooLong: CUSTOMER_MESSAGES.emailInvalid },
    phone: { invalid: CUSTOMER_MESSAGES.phoneInvalid, tooLong: CUSTOMER_MESSAGES.phoneInvalid },
    notes: { tooLong: CUSTOMER_MESSAGES.notesTooLong },
  },
  OpportunityWrite: {
    customer: { required: OPPORTUNITY_MESSAGES.customerMissing, invalid: OPPORTUNITY_MESSAGES.customerMissing, tooLong: OPPORTUNITY_MESSAGES.customerTooLong },
    salesperson_id: { required: OPPORTUNITY_MESSAGES.salespersonMissing, invalid: OPPORTUNITY_MESSAGES.salespersonMissing },
    stage: { invalid: OPPORTUNITY_MESSAGES.stageUnknown },
    created_date: { label: 'Date', required: OPPORTUNITY_MESSAGES.dateMissing, invalid: OPPORTUNITY_MESSAGES.dateInvalid, tooLong: OPPORTUNITY_MESSAGES.dateInvalid },
    revenue: { required: OPPORTUNITY_MESSAGES.revenueMissing, invalid: OPPORTUNITY_MESSAGES.revenueInvalid },
    probability: { invalid: OPPORTUNITY_MESSAGES.probabilityInvalid },
  },
  ActivityWrite: {
    kind: { invalid: ACTIVITY_MESSAGES.kindUnknown },
    subject: { required: ACTIVITY_MESSAGES.subjectMissing, tooLong: ACTIVITY_MESSAGES.subjectTooLong },
    due_at: { label: 'Due date', required: ACTIVITY_MESSAGES.dueDateMissing, invalid: ACTIVITY_MESSAGES.dueDateInvalid, tooLong: ACTIVITY_MESSAGES.dueDateInvalid },
    duration_minutes: { label: 'Duration', invalid: ACTIVITY_MESSAGES.durationInvalid },
    salesperson_id: { required: ACTIVITY_MESSAGES.salespersonMissing, invalid: ACTIVITY_MESSAGES.salespersonMissing },
    opportunity_id: { label: 'Opportunity' },
    notes: { tooLong: ACTIVITY_MESSAGES.notesTooLong },
  },
  CalendarEventWrite: {
    title: {},
    starts_at: { label: 'Start date', invalid: 'Start date must be a date.' },
    ends_at: { label: 'End date', invalid: 'End date must be a date.' },
    all_day: { label: 'All day' },
  },
  TeamWrite: {
    name: { required: TEAM_MESSAGES.nameMissing, tooLong: TEAM_MESSAGES.nameTooLong },
    memberIds: { label: 'Members', tooMany: TEAM_MESSAGES.tooManyMembers, invalid: 'Members must be salespersons of your tenant.' },
  },
  AttachmentUpload: {
    file_name: { tooLong: 'File name must be at most 255 characters long.' },
    content_base64: { label: 'File', required: 'File is required.', invalid: BASE64_ONLY, tooShort: BASE64_ONLY, tooLong: FILE_TOO_LARGE_MESSAGE },
    note: { tooLong: 'Note must be at most 500 characters long.' },
  },
  TeamSearch: { salespersonId: { label: 'Salesperson' } },
  AnalysisRequest: { tenantId: { label: 'Tenant' } },
};

/** Path and query parameters: what a person may have typed into an address. */
export const parameterWords: FormWords = {
  id: { label: 'Id', invalid: 'The address must end in a record’s number.' },
  tenant_id: { label: 'Tenant', invalid: 'The address must name a tenant by its number.' },
  email: { label: 'Email' },
  year: { label: 'Year', invalid: 'Year must be a year from 1970 to 9999.' },
};
