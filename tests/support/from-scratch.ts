import { expect } from 'vitest';
import type { TestServer } from './server-harness.ts';

/*
 * What the answers-from-scratch tests share: reading an answer through the API, and the
 * forms the contract writes values in, made here from the base columns so that no server
 * code (projections, JSON columns written by triggers, caches) stands between a table and its
 * expected answer.
 */

/** The demo tenant of the seed, and callers of each role in it. */
export const DEMO_TENANT = 1;
export const SUPER_ADMIN = 'admin@demo.test';
export const ADMIN = 'manager@demo.test';
export const REP = 'rep@demo.test';

/** An instant as every answer writes it: UTC, to the second (not rounded), with a Z. */
export function answerInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 19)}Z`;
}

/**
 * A sum of money as a number of cents (or of ten-thousandths for weighted sums, revenue
 * × probability / 100): a sum may be added in parts as doubles, whose last bits differ
 * from the exact sum's, while the amount it names is the same.
 */
export const cents = (value: number): number => Math.round(value * 100);
export const tenThousandths = (value: number): number => Math.round(value * 10_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The last answer with an ETag each server gave each caller for each address, as a browser keeps it. */
const remembered = new WeakMap<TestServer, Map<string, { etag: string; body: string }>>();

/**
 * The JSON answer of a request made as `email`, which must succeed. A GET sends the ETag of
 * the answer last given to the same caller for the same address, as the app's client does,
 * and a 304 answers that same body again: so an answer the server wrongly calls unchanged
 * after a write shows as the stale body it stands for.
 */
export async function answer<T>(server: TestServer, email: string, method: Method, url: string, payload?: object): Promise<T> {
  let held = remembered.get(server);
  if (!held) remembered.set(server, (held = new Map()));
  const key = `${email} ${url}`;
  const known = method === 'GET' ? held.get(key) : undefined;
  const response = await server.app.inject({
    method,
    url,
    headers: { ...(await server.as(email)), ...(known ? { 'if-none-match': known.etag } : {}) },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode === 304 && known) return JSON.parse(known.body) as T;
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  const etag = response.headers.etag;
  if (method === 'GET' && typeof etag === 'string') held.set(key, { etag, body: response.body });
  return (response.statusCode === 204 ? undefined : response.json()) as T;
}

/** Sorted by id, for answers whose order the contract does not promise. */
export function byId<T extends { id: number | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/**
 * A named comparison of one answer with its from-scratch read; `expectAll` runs them in
 * turn, so that each write is checked against every answer that may show it.
 */
export type Comparison = () => Promise<void>;

export async function expectAll(comparisons: Record<string, Comparison>, when: string): Promise<void> {
  // Every comparison runs, so that a failure names all the answers a write left wrong.
  const failed: Error[] = [];
  for (const [name, compare] of Object.entries(comparisons)) {
    try {
      await compare();
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      error.message = `${name}, ${when}: ${error.message}`;
      failed.push(error);
    }
  }
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new AggregateError(failed, failed.map((error) => error.message.split('\n')[0]).join('\n'));
}

/** A customer of the customer list with its year summed, its money in cents and ten-thousandths. */
export interface CustomerSummary {
  id: number | null;
  customer: string;
  company: string;
  opportunities: number;
  revenue: number;
  weighted: number;
  won: number;
  latest_date: string | null;
}

/**
 * One entry per stored customer and per other name the local year's opportunities use, a
 * customer being its name regardless of case: the stored spelling, else the first of its
 * opportunities' spellings in code-point order. Sums exact, in cents and ten-thousandths.
 */
export async function customerSummariesFromScratch(db: Pick<TestServer['db'], 'query'>, tenant: number, year: number, zone: string): Promise<CustomerSummary[]> {
  const customers = await db.query<{ id: number; name: string; key: string; company: string }>('select id, name, lower(name) as key, company from customers where tenant_id = $1', [
    tenant,
  ]);
  const deals = await db.query<{ customer: string; key: string; revenue: number; probability: number; stage: string; local_date: string }>(
    `select customer, lower(customer) as key, revenue, probability, stage, to_char((created_date at time zone $3::text)::date, 'YYYY-MM-DD') as local_date
     from opportunities where tenant_id = $1 and extract(year from created_date at time zone $3::text) = $2::int`,
    [tenant, year, zone],
  );
  const entries = new Map<string, CustomerSummary>();
  for (const customer of customers) {
    entries.set(customer.key, { id: customer.id, customer: customer.name, company: customer.company, opportunities: 0, revenue: 0, weighted: 0, won: 0, latest_date: null });
  }
  const spellings = new Map<string, string[]>();
  for (const deal of deals) {
    const entry = entries.get(deal.key) ?? { id: null, customer: '', company: '', opportunities: 0, revenue: 0, weighted: 0, won: 0, latest_date: null };
    entry.opportunities += 1;
    entry.revenue += cents(deal.revenue);
    entry.weighted += cents(deal.revenue) * deal.probability;
    if (deal.stage === 'closed won') entry.won += 1;
    if (entry.latest_date === null || deal.local_date > entry.latest_date) entry.latest_date = deal.local_date;
    entries.set(deal.key, entry);
    spellings.set(deal.key, [...(spellings.get(deal.key) ?? []), deal.customer]);
  }
  for (const [key, entry] of entries) {
    if (entry.id === null) entry.customer = spellings.get(key)!.reduce((first, spelling) => (spelling < first ? spelling : first));
  }
  return [...entries.values()];
}

/** The summaries come in no particular order: compared by id, then name. */
export function bySummaryKey(entries: CustomerSummary[]): CustomerSummary[] {
  return [...entries].sort((a, b) => (a.id ?? 0) - (b.id ?? 0) || (a.customer < b.customer ? -1 : a.customer > b.customer ? 1 : 0));
}
