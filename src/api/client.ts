import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import type { Problem } from '../domain/rules/problems.ts';
import { refusalOfAnswer, type Refusal } from '../domain/rules/refusals.ts';

/** The contract's shapes, named once. */
export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type Salesperson = Schemas['Salesperson'];
export type SalespersonCreate = Schemas['SalespersonCreate'];
export type SalespersonUpdate = Schemas['SalespersonUpdate'];
export type Team = Schemas['Team'];
export type TeamWrite = Schemas['TeamWrite'];
export type Opportunity = Schemas['Opportunity'];
export type OpportunityWrite = Schemas['OpportunityWrite'];
export type OpportunityImportRow = Schemas['OpportunityImportRow'];
export type Customer = Schemas['Customer'];
export type CustomerWrite = Schemas['CustomerWrite'];
export type CustomerYearSums = Schemas['CustomerSummary'];
export type Activity = Schemas['Activity'];
export type ActivityWrite = Schemas['ActivityWrite'];
export type ActivityKind = Schemas['ActivityKind'];
export type CalendarEvent = Schemas['CalendarEvent'];
export type CalendarEventWrite = Schemas['CalendarEventWrite'];
export type TenantStatus = Schemas['TenantStatus'];
export type RoleId = Schemas['RoleId'];
export type Attachment = Schemas['Attachment'];
export type AttachmentUpload = Schemas['AttachmentUpload'];
export type TimelineEntry = Schemas['TimelineEntry'];
export type Timeline = Schemas['Timeline'];
export type FieldChange = Schemas['FieldChange'];
/** The query of GET /api/csv/export: a list's filters, and the chosen rows' ids. */
export type ExportQuery = NonNullable<paths['/api/csv/export/{kind}/{tenant_id}']['get']['parameters']['query']>;
export type OpportunityListRow = Schemas['OpportunityListRow'];
export type OpportunityDay = Schemas['OpportunityDay'];

export type CrmClient = Client<paths>;

/** What a call answered with 404 becomes, instead of data: the spec's not-found marker. */
export const NOT_FOUND: unique symbol = Symbol('not found');
export type NotFound = typeof NOT_FOUND;

/**
 * A failed call: its status and the server's refusal in people's words (the
 * agreed `{ message, fields }` shape, or an older answer made readable), so a form
 * can put each problem under its field.
 */
export class ApiError extends Error {
  readonly problems: readonly Problem[];

  constructor(
    readonly status: number,
    message: string,
    problems: readonly Problem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.problems = problems;
  }
}

/**
 * What the common handling needs from the rest of the app. The session supplies
 * the token and reacts to its loss; the shell supplies toasts.
 */
export interface ApiHooks {
  /** A fresh access token, refreshed first if it is about to expire; undefined when signed out. */
  accessToken(): Promise<string | undefined>;
  /** No token at all: the user must sign in. */
  tokenMissing(): void;
  /** The API refused the token (401): it is removed and the user must sign in. */
  tokenRejected(): void;
  /** A message for the user (error toast). */
  showError(message: string): void;
}

export interface ClientOptions {
  baseUrl: string;
  hooks: ApiHooks;
  /** Inject a fetch (tests); defaults to the global one at call time. */
  fetch?: typeof fetch;
  /**
   * When false, failures other than the token's are left to the caller to log
   * instead of being shown (the dashboard: "logged only, no user message").
   */
  showFailures?: boolean;
}

export const TOKEN_NOT_FOUND = 'Token not found';
export const TOKEN_EXPIRED = 'Token expired';
export const NOT_FOUND_MESSAGE = 'Not found';

/** The spec's common handling of section 7, as openapi-fetch middleware. */
export function commonHandling(hooks: ApiHooks, showFailures = true): Middleware {
  return {
    async onRequest({ request }) {
      const token = await hooks.accessToken();
      if (!token) {
        hooks.showError(TOKEN_NOT_FOUND);
        hooks.tokenMissing();
        return jsonResponse(401, { message: TOKEN_NOT_FOUND });
      }
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      if (response.ok) return undefined;
      if (response.status === 401) {
        hooks.showError(TOKEN_EXPIRED);
        hooks.tokenRejected();
      } else if (response.status === 404) {
        if (showFailures) hooks.showError(NOT_FOUND_MESSAGE);
      } else if (showFailures) {
        const refusal = await refusalIn(response.clone());
        // A refusal about fields is shown under them by the form that sent it.
        if (refusal.problems.length === 0) hooks.showError(refusal.message);
      }
      return undefined;
    },
  };
}

/** How many answers `revalidation` remembers: a dashboard's two years and a few more. */
const REMEMBERED_ANSWERS = 8;

/**
 * Answers the server sends under an ETag (the year's answers, server/caching/README.md)
 * are remembered with it, per address and body; the same call again sends
 * `If-None-Match`, and a 304 hands back the remembered answer. The browser's HTTP cache
 * would revalidate the GETs by itself, but never a POST such as the year's analysis.
 * Only reads take part: GETs, and POSTs that the spec's calls use to read. A write's
 * If-None-Match would mean something else.
 */
export function revalidation(limit = REMEMBERED_ANSWERS): Middleware {
  const remembered = new Map<string, { etag: string; body: ArrayBuffer; headers: Headers }>();
  const keys = new Map<string, string>();
  return {
    async onRequest({ request, id }) {
      if (request.method !== 'GET' && request.method !== 'POST') return undefined;
      // The body is read as text and sent as text: a body read through a copy of the request
      // would go out as a stream.
      const body = request.method === 'POST' ? await request.text() : '';
      const outgoing = request.method === 'POST' ? new Request(request, { body }) : request;
      const key = `${request.method} ${request.url} ${body}`;
      keys.set(id, key);
      const held = remembered.get(key);
      if (held) outgoing.headers.set('If-None-Match', held.etag);
      return outgoing;
    },
    async onResponse({ response, id }) {
      const key = keys.get(id);
      keys.delete(id);
      if (key === undefined) return undefined;
      const held = remembered.get(key);
      if (response.status === 304 && held) {
        // Used again: it moves to the young end, away from the next to be forgotten.
        remembered.delete(key);
        remembered.set(key, held);
        return new Response(held.body.slice(0), { status: 200, headers: held.headers });
      }
      const etag = response.headers.get('ETag');
      if (!response.ok || !etag) return undefined;
      remembered.delete(key);
      remembered.set(key, { etag, body: await response.clone().arrayBuffer(), headers: new Headers(response.headers) });
      for (const oldest of remembered.keys()) {
        if (remembered.size <= limit) break;
        remembered.delete(oldest);
      }
      return undefined;
    },
  };
}

/** The CRM API client for calls made after sign-in: bearer token, common handling and revalidation. */
export function createCrmClient(options: ClientOptions): CrmClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOf(options) });
  // Registered last, so that its onResponse runs first and common handling sees a 304 as the 200 it stands for.
  client.use(commonHandling(options.hooks, options.showFailures ?? true), revalidation());
  return client;
}

/**
 * The client for calls made without a token (sign-up, the tenant service): no
 * common handling, because their callers give statuses their own meaning.
 */
export function createPublicClient(options: Pick<ClientOptions, 'baseUrl' | 'fetch'>): CrmClient {
  return createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOf(options) });
}

/**
 * Turns an openapi-fetch result into its data, the not-found marker, or an ApiError
 * carrying the server's message: what actors need to succeed or fail cleanly.
 */
export async function answer<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T | NotFound> {
  const { data, error, response } = await pending;
  if (response.ok) return data as T;
  if (response.status === 404) return NOT_FOUND;
  const refusal = refusalOfAnswer(error, {}, failedMessage(response.status));
  throw new ApiError(response.status, refusal.message, refusal.problems);
}

/** Like `answer`, for callers to whom a missing record is an error too. */
export async function found<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const result = await answer(pending);
  if (result === NOT_FOUND) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return result;
}

function fetchOf(options: Pick<ClientOptions, 'fetch'>): typeof fetch {
  // Resolved per call so that a test's or the platform's fetch is used as it is then.
  return options.fetch ?? ((input, init) => globalThis.fetch(input, init));
}

async function refusalIn(response: Response): Promise<Refusal> {
  try {
    return refusalOfAnswer(await response.json(), {}, failedMessage(response.status));
  } catch {
    return refusalOfAnswer(null, {}, failedMessage(response.status));
  }
}

function failedMessage(status: number): string {
  return `Request failed (${status})`;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
