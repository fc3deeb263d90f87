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

/** The CRM API client for calls made after sign-in: bearer token and common handling. */
export function createCrmClient(options: ClientOptions): CrmClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOf(options) });
  client.use(commonHandling(options.hooks, options.showFailures ?? true));
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
