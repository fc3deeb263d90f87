import type { CustomerWrite, OpportunityImportRow, OpportunityWrite } from '../../api/client.ts';
import { customerWrite, type CustomerForm } from '../customers/form.ts';
import { customerProblems } from '../customers/validation.ts';
import { customerWriteProblems, opportunityWriteProblems } from '../rules/records.ts';
import { DEFAULT_PROBABILITY, opportunityProblems, type OpportunityForm } from '../opportunities/editor.ts';
import { parseAmount } from '../rules/amounts.ts';
import { PIPELINE_STAGES } from '../opportunities/pipeline.ts';
import { CsvSyntaxError, csvFile, parseCsv } from './csv.ts';

/**
 * A CSV import, as a pure calculation: which column feeds which field (guessed from
 * the header, changed by the person), and each row checked by the same rules the
 * Add Opportunity and Add Customer forms use, giving the body the API takes or the
 * reason it cannot be imported.
 */

export const IMPORT_KINDS = ['opportunities', 'customers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  /** Header texts that name this field, compared without case, spaces or punctuation; the first is the export's own. */
  headers: readonly string[];
}

export const IMPORT_FIELDS: Readonly<Record<ImportKind, readonly ImportField[]>> = {
  opportunities: [
    { key: 'customer', label: 'Customer', required: true, headers: ['Customer', 'Customer name', 'Company', 'Account', 'Client', 'Organization', 'Organisation'] },
    { key: 'salesperson', label: 'Salesperson (name or email)', required: false, headers: ['Salesperson email', 'Salesperson', 'Owner', 'Owner email', 'Sales rep', 'Assigned to'] },
    { key: 'stage', label: 'Stage', required: false, headers: ['Stage', 'Deal stage', 'Pipeline stage', 'Status'] },
    { key: 'date', label: 'Created (yyyy-mm-dd)', required: false, headers: ['Created', 'Created date', 'Date', 'Created at', 'Created on'] },
    { key: 'revenue', label: 'Revenue', required: true, headers: ['Revenue', 'Amount', 'Value', 'Deal value', 'Deal amount'] },
    { key: 'probability', label: 'Probability (%)', required: false, headers: ['Probability', 'Win probability', 'Chance'] },
  ],
  customers: [
    { key: 'name', label: 'Name', required: true, headers: ['Name', 'Customer', 'Customer name', 'Full name'] },
    { key: 'company', label: 'Company', required: false, headers: ['Company', 'Organization', 'Organisation', 'Account'] },
    { key: 'email', label: 'Email', required: false, headers: ['Email', 'E-mail', 'Email address', 'Mail'] },
    { key: 'phone', label: 'Phone', required: false, headers: ['Phone', 'Telephone', 'Phone number', 'Mobile'] },
    { key: 'notes', label: 'Notes', required: false, headers: ['Notes', 'Note', 'Comments', 'Description'] },
  ],
};

/** For each field's key, the index of the column feeding it, or null for none. */
export type ColumnMapping = Readonly<Record<string, number | null>>;

const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Each field gets the first column whose header is one of its names (earlier names
 * first), and each column feeds one field at most.
 */
export function guessMapping(kind: ImportKind, header: readonly string[]): ColumnMapping {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    let found: number | null = null;
    for (const name of field.headers) {
      const index = keys.findIndex((key, at) => key === headerKey(name) && !taken.has(at));
      if (index >= 0) {
        found = index;
        break;
      }
    }
    if (found !== null) taken.add(found);
    mapping[field.key] = found;
  }
  return mapping;
}

/** Why the mapping cannot be previewed (a required field without a column), or null. */
export function mappingProblem(kind: ImportKind, mapping: ColumnMapping): string | null {
  const missing = IMPORT_FIELDS[kind].filter((field) => field.required && mapping[field.key] == null);
  return missing.length === 0 ? null : `Choose the column of ${missing.map((field) => field.label).join(' and ')}.`;
}

/** What the checks need to know of the tenant. */
export interface ImportReferences {
  salespersons: readonly { id: number; name: string; email: string }[];
  /** Names of the tenant's customers (a customer import refuses a name already there). */
  customers: readonly string[];
  /** Who gets a row whose salesperson cell is empty or unknown; null: such a row has a problem. */
  fallbackSalespersonId: number | null;
  /** yyyy-MM-dd: the day rows without a date are created on. */
  today: string;
}

export type ImportWrite = OpportunityImportRow | CustomerWrite;

/** One data row of the file, checked. */
export interface CheckedRow {
  /** Its record number in the file, the header being 1 (the spreadsheet's row number). */
  row: number;
  cells: readonly string[];
  /** The body to import, or null when it has a problem. */
  write: ImportWrite | null;
  problem: string | null;
}

export const IMPORT_MESSAGES = {
  unknownSalesperson: (text: string) => `Salesperson "${text}" is not a salesperson of your tenant.`,
  customerExists: (name: string) => `A customer named "${name}" already exists.`,
  customerTwice: (name: string, row: number) => `"${name}" is already in row ${row} of the file.`,
} as const;

const cellOf = (cells: readonly string[], mapping: ColumnMapping, key: string) => {
  const index = mapping[key];
  return index == null ? undefined : (cells[index] ?? '');
};

// Spreadsheets show dates as they like; an ISO date-time keeps its day.
const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/;

/**
 * Every problem of a form, by a rule that answers the first one only: the field the
 * problem concerns is set to a valid value and the rule asked again, until it has
 * nothing more to say.
 */
/**
 * Numbers in a CSV file are written as spreadsheets and our export writes them: a point
 * before the decimals, commas (if any) between thousands.
 */
const CSV_NUMBER_LOCALE = 'en-US';

/** The tenant's salespersons by lowercased e-mail and by lowercased name, the first of each kept; built once per file. */
interface SalespersonLookup {
  byEmail: ReadonlyMap<string, number>;
  byName: ReadonlyMap<string, number>;
}

function salespersonLookup(references: ImportReferences): SalespersonLookup {
  const byEmail = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const person of references.salespersons) {
    const email = person.email.toLowerCase();
    const name = person.name.trim().toLowerCase();
    if (!byEmail.has(email)) byEmail.set(email, person.id);
    if (!byName.has(name)) byName.set(name, person.id);
  }
  return { byEmail, byName };
}

function salespersonOf(text: string, lookup: SalespersonLookup, references: ImportReferences): { id: number | null; problem: string | null } {
  const wanted = text.trim().toLowerCase();
  if (wanted !== '') {
    const match = lookup.byEmail.get(wanted) ?? lookup.byName.get(wanted);
    if (match !== undefined) return { id: match, problem: null };
    if (references.fallbackSalespersonId === null) return { id: null, problem: IMPORT_MESSAGES.unknownSalesperson(text.trim()) };
  }
  return { id: references.fallbackSalespersonId, problem: null };
}

function checkOpportunity(cells: readonly string[], mapping: ColumnMapping, references: ImportReferences, lookup: SalespersonLookup): Pick<CheckedRow, 'write' | 'problem'> {
  const stageText = (cellOf(cells, mapping, 'stage') ?? '').trim().toLowerCase();
  const dateText = cellOf(cells, mapping, 'date');
  const probabilityText = (cellOf(cells, mapping, 'probability') ?? '').trim().replace(/\s*%$/, '');
  const salesperson = salespersonOf(cellOf(cells, mapping, 'salesperson') ?? '', lookup, references);
  const form: OpportunityForm = {
    customer: cellOf(cells, mapping, 'customer') ?? '',
    salespersonId: salesperson.id === null ? '' : String(salesperson.id),
    stage: stageText === '' ? PIPELINE_STAGES[0]! : stageText,
    date: dateText === undefined ? references.today : (ISO_DAY.exec(dateText.trim())?.[1] ?? dateText.trim()),
    createdAt: null,
    revenue: cellOf(cells, mapping, 'revenue') ?? '',
    locale: CSV_NUMBER_LOCALE,
    probability: probabilityText === '' ? String(DEFAULT_PROBABILITY) : probabilityText,
  };
  const problems = opportunityProblems(form).map((problem) =>
    problem.field === 'salespersonId' && salesperson.problem !== null ? salesperson.problem : problem.message,
  );
  if (problems.length > 0) return { write: null, problem: problems.join(' ') };
  return { write: opportunityImportWrite(form), problem: null };
}

/** The body of a valid imported row: the day as a bare date (the server stores noon UTC of it). */
function opportunityImportWrite(form: OpportunityForm): OpportunityImportRow {
  return {
    customer: form.customer.trim(),
    salesperson_id: Number(form.salespersonId),
    stage: form.stage as OpportunityImportRow['stage'],
    created_date: form.date,
    revenue: parseAmount(form.revenue, form.locale)!,
    probability: Number(form.probability),
  };
}

/** The instant an imported row's bare date is stored as: noon UTC of the day, as a single write of that day stores it. */
export function importedCreatedDate(day: string): string {
  return `${day}T12:00:00Z`;
}

/** An imported opportunity's row as the body of a single create, with the instant it is stored as. */
export function opportunityWriteOfImport(write: OpportunityImportRow): OpportunityWrite {
  return { ...write, created_date: importedCreatedDate(write.created_date) };
}

/**
 * The problem of a body sent for import, or null: the rule every opportunity or customer
 * body answers to on the server (a single create's included), on the row as it is stored.
 * The app has read the file's text with the forms' rules; the server gets numbers and a
 * day the contract has already checked the shape of (a real yyyy-MM-dd).
 */
export function importWriteProblem(kind: ImportKind, write: ImportWrite): string | null {
  const problems =
    kind === 'opportunities'
      ? opportunityWriteProblems(opportunityWriteOfImport(write as OpportunityImportRow))
      : customerWriteProblems(write as CustomerWrite);
  return problems.length === 0 ? null : problems.map((problem) => problem.message).join(' ');
}

function customerFormOf(cells: readonly string[], mapping: ColumnMapping): CustomerForm {
  return {
    name: cellOf(cells, mapping, 'name') ?? '',
    company: cellOf(cells, mapping, 'company') ?? '',
    email: cellOf(cells, mapping, 'email') ?? '',
    phone: cellOf(cells, mapping, 'phone') ?? '',
    notes: cellOf(cells, mapping, 'notes') ?? '',
  };
}

const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Every data row (blank ones left out) with its body or its problem. `records[0]` is the header. */
export function checkRows(kind: ImportKind, records: readonly (readonly string[])[], mapping: ColumnMapping, references: ImportReferences): CheckedRow[] {
  const checked: CheckedRow[] = [];
  const existing = new Set(references.customers.map((name) => name.trim().toLowerCase()));
  const rowOfName = new Map<string, number>();
  const lookup = salespersonLookup(references);
  for (let index = 1; index < records.length; index += 1) {
    const cells = records[index]!;
    if (isBlankRecord(cells)) continue;
    const row = index + 1;
    if (kind === 'opportunities') {
      checked.push({ row, cells, ...checkOpportunity(cells, mapping, references, lookup) });
      continue;
    }
    const form = customerFormOf(cells, mapping);
    const name = form.name.trim();
    const key = name.toLowerCase();
    const earlier = rowOfName.get(key);
    const problems = customerProblems(form).map((problem) => problem.message);
    if (existing.has(key)) problems.push(IMPORT_MESSAGES.customerExists(name));
    else if (earlier !== undefined) problems.push(IMPORT_MESSAGES.customerTwice(name, earlier));
    const problem = problems.length === 0 ? null : problems.join(' ');
    if (problem === null) rowOfName.set(key, row);
    checked.push({ row, cells, write: problem === null ? customerWrite(form) : null, problem });
  }
  return checked;
}

/** The rows that cannot be imported as a CSV file of their own: the original header and cells, then the reason. */
export function failedRowsFile(header: readonly string[], rows: readonly CheckedRow[]): string {
  const failed = rows.filter((row) => row.problem !== null);
  return csvFile([[...header, 'Reason'], ...failed.map((row) => [...header.map((_, at) => row.cells[at] ?? ''), row.problem!])]);
}

/** A file read for import: its name, its header and its records (the header first, as checkRows takes them). */
export interface ImportFile {
  name: string;
  header: readonly string[];
  records: readonly (readonly string[])[];
  /** Said above the columns when the file was not UTF-8 and was read in another encoding; null when it was. */
  encodingNotice: string | null;
}

/** The encodings an import reads: UTF-8, or else Windows-1252, the superset of Latin-1 that spreadsheets save. */
export type ImportEncoding = 'utf-8' | 'windows-1252';

/**
 * A file's text: as UTF-8 when it is valid UTF-8, otherwise as Windows-1252, where every
 * byte is a character. Read as UTF-8 regardless, a Latin-1 "Müller" would become
 * "M\uFFFDller" without a word.
 */
export function decodeImportFile(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: windows1252(bytes), encoding: 'windows-1252' };
  }
}

// 0x80–0x9F, where Windows-1252 has letters and signs and Latin-1 control codes (the
// five unassigned bytes are kept as their code points, as browsers read them). Decoded
// here rather than by TextDecoder, which some runtimes read as plain Latin-1.
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

function windows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}

export const IMPORT_ENCODING_NOTICE = (name: string) =>
  `${name} is not UTF-8, so it was read as Windows-1252 (Latin-1). Check that accented letters look right in the preview before you import.`;

/** The file's records, or why it cannot be imported, in people's words. */
export function readImportFile(name: string, text: string, encoding: ImportEncoding = 'utf-8'): ImportFile | { problem: string } {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { problem: `${name} is not a CSV file we can read: ${error.message}` };
    throw error;
  }
  const header = records[0];
  if (!header || records.slice(1).every(isBlankRecord)) return { problem: `${name} has no rows under its header.` };
  return { name, header, records, encodingNotice: encoding === 'utf-8' ? null : IMPORT_ENCODING_NOTICE(name) };
}

/** What an import will do and did, counted for the preview and the report. */
export function importCounts(rows: readonly CheckedRow[]): { valid: number; invalid: number } {
  const invalid = rows.reduce((count, row) => count + (row.problem === null ? 0 : 1), 0);
  return { valid: rows.length - invalid, invalid };
}
