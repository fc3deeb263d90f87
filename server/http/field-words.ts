import { FILE_TOO_LARGE_MESSAGE } from '../../src/domain/attachments/rules.ts';
import { CURRENCY_SHAPE_MESSAGE } from '../../src/domain/money.ts';

/**
 * What the server says about a field the domain rule of its body does not judge (a
 * value of the wrong type, a property the body may not carry, a path parameter): the
 * house pattern of the domain's own words ('X is required.', 'X must be at most N
 * characters.'), with the field's label.
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

export const BASE64_ONLY = 'The file must be sent in standard padded base64.';

/**
 * Labels where a property's name does not say it, and the few words no domain rule
 * states (the file's encoding, a rule of shape no form can break).
 */
export const bodyWords: Readonly<Record<string, FormWords>> = {
  UserCreate: { role_id: { label: 'Role' } },
  UserUpdate: { role_id: { label: 'Role' } },
  UserUpdateKeepingPassword: { role_id: { label: 'Role' } },
  SalespersonUpdate: { latest_login: { label: 'Latest authentication' } },
  OpportunityWrite: { created_date: { label: 'Date' } },
  ActivityWrite: { due_at: { label: 'Due date' }, duration_minutes: { label: 'Duration' }, opportunity_id: { label: 'Opportunity' } },
  CalendarEventWrite: { starts_at: { label: 'Start' }, ends_at: { label: 'End' }, all_day: { label: 'All day' } },
  TeamWrite: { memberIds: { label: 'Members', invalid: 'Members must be salespersons of your tenant.' } },
  AttachmentUpload: {
    content_base64: { label: 'File', invalid: BASE64_ONLY, tooShort: BASE64_ONLY, tooLong: FILE_TOO_LARGE_MESSAGE },
  },
  TeamSearch: { salespersonId: { label: 'Salesperson' } },
  TenantSettingsWrite: { currency: { invalid: CURRENCY_SHAPE_MESSAGE } },
  AnalysisRequest: { tenantId: { label: 'Tenant' } },
};

/** Path and query parameters: what a person may have typed into an address. */
export const parameterWords: FormWords = {
  id: { label: 'Id', invalid: 'The address must end in a record’s number.' },
  tenant_id: { label: 'Tenant', invalid: 'The address must name a tenant by its number.' },
  email: { label: 'Email' },
  year: { label: 'Year', invalid: 'Year must be a year from 1970 to 9999.' },
};
