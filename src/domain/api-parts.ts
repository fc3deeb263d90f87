import { API_PART_OPERATIONS, type ApiPart } from '../api/parts.ts';

export type { ApiPart };

/**
 * Which optional parts of the CRM API the app may use. The specification's calls are
 * always there; every other operation belongs to a part (openapi/crm.yaml marks it
 * with `x-crm-extension`), and a company's API may offer any of them or none.
 */
export const API_PARTS = Object.keys(API_PART_OPERATIONS) as ApiPart[];

/**
 * Each part in people's words, for the page a screen shows when the API lacks what it
 * needs. A part named in the document but not here is shown by its name.
 */
const PART_DESCRIPTIONS: Record<string, string> = {
  teams: 'teams and their members',
  customers: 'the customer directory',
  calendar: 'calendar events',
  activities: 'activities (calls, meetings, tasks)',
  attachments: 'e-mail attachments',
  'opportunity-records': 'opportunity records',
  'opportunity-list': 'the opportunity list',
  'customer-summaries': "the customers' totals of a year",
  'day-totals': "the opportunities' totals of each day",
  'tenant-settings': 'tenant settings (the currency and stage probabilities)',
  csv: 'CSV import and export and bulk actions on list rows',
  records: 'record pages (timelines, notes, history and deleting)',
  board: 'the pipeline board',
  search: 'the global search',
  'saved-views': 'saved views of the lists',
};

/** The parts in people's words, joined as a sentence does: "a, b and c". */
export function describeParts(parts: readonly ApiPart[]): string {
  const words = parts.map((part) => PART_DESCRIPTIONS[part] ?? part);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The CRM_API_PARTS setting as the server hands it to the app in /config.json:
 * 'discover' (read the API's own OpenAPI document) or the parts declared, where an
 * empty list means the specification's calls only.
 */
export type ApiPartsSetting = 'discover' | ApiPart[];

/** Where the API publishes its OpenAPI document, under its base URL. */
export const API_DOCUMENT_PATH = '/api/openapi.json';

/**
 * Reads CRM_API_PARTS: unset or `discover`; `spec` (the specification's calls only);
 * `all`; or parts by name, separated by commas. An unknown name is refused, so that a
 * typing slip cannot hide screens without a word.
 */
export function parseApiPartsSetting(text: string | undefined): ApiPartsSetting {
  const value = (text ?? '').trim();
  if (value === '' || value === 'discover') return 'discover';
  if (value === 'spec') return [];
  if (value === 'all') return [...API_PARTS];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(API_PARTS as string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `CRM_API_PARTS names ${unknown.map((name) => `"${name}"`).join(', ')}, which the CRM API has no part of; ` +
        `use discover, spec, all, or a comma-separated list of: ${API_PARTS.join(', ')}`,
    );
  }
  return API_PARTS.filter((part) => names.includes(part));
}

/** The one thing the app reads of an OpenAPI document: its paths and their methods. */
export interface ApiDocument {
  paths: Record<string, unknown>;
}

/** True for an answer shaped like an OpenAPI document (a 'Not found' body is not one). */
export function isApiDocument(answer: unknown): answer is ApiDocument {
  const paths = (answer as { paths?: unknown } | null)?.paths;
  return typeof answer === 'object' && answer !== null && typeof paths === 'object' && paths !== null && !Array.isArray(paths);
}

/**
 * The parts an OpenAPI document offers: those whose every operation it lists. Paths
 * are compared with their parameters' names left out (`/api/customers/{id}` matches
 * `/api/customers/{customerId}`), since a company may name them its own way.
 */
export function partsOfferedBy(document: ApiDocument): ApiPart[] {
  const offered = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) if (method in item) offered.add(comparable(`${method.toUpperCase()} ${path}`));
  }
  return API_PARTS.filter((part) => API_PART_OPERATIONS[part].every((operation) => offered.has(comparable(operation))));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function comparable(operation: string): string {
  return operation.replace(/\{[^}]*\}/g, '{}');
}
