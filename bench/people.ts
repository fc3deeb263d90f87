/**
 * The load budget's people: each one a salesperson or a manager of the bench tenant,
 * using the app as the app uses the API. A person arrives (signing in through the
 * embedded provider with the code flow and PKCE, then the tenant check, the profile,
 * the app's files and the dashboard it lands on), or is already signed in when the
 * minute starts; then picks a screen, makes the calls that screen makes (together,
 * as the screen does), reads it for a while (think time) and picks the next, until
 * the minute is over. Every request is timed from sending to its last byte.
 *
 * Each person revalidates as the app's API client does: it remembers, for the person's
 * session, the last ETag of every GET it made and of the analysis (keyed by URL and body),
 * sends it as `If-None-Match`, and on a 304 uses the answer it remembered. A 304 is an
 * answer like any other, timed the same way.
 *
 * Writes are checked: after an acknowledged edit the person reads the record and the
 * list that shows it again, through the other server process when there are two, and
 * any read older than the write is counted as stale (a 304 that brings back an answer
 * from before the write included).
 *
 * The screens, their calls, their weights and think times are in `SCREENS`;
 * docs/performance.md says why they are what they are.
 */
import { Agent } from 'node:http';
import { BROWSER_ACCEPT_ENCODING } from './api-load.ts';
import { decoded, holdsText, json, rowOf } from './answer-reading.ts';
import { sendAsBrowser, type Answer, type Resend } from './browser-send.ts';
import { mulberry32 } from '../server/db/seed.ts';
import { percentile } from './figures.ts';
import type { TenantSize } from './large-tenant.ts';
import { RememberedAnswers, requestKey } from './remembered-answers.ts';
import { typedPrefixes } from './search.ts';
import { CLIENT_ID, signIn, tokenEndpoint, type Fetcher } from './sign-in.ts';
import type { Activity, Opportunity } from '../src/api/client.ts';
import { writeOfActivity } from '../src/domain/activities/editor.ts';
import { opportunityFormOf, opportunityWriteOf } from '../src/domain/opportunities/editor.ts';

export interface Catalogue {
  tenantId: number;
  currentYear: number;
  previousYear: number;
  /** How much the tenant holds: what the people search for is drawn from it. */
  size: TenantSize;
  /** Ids of the current year's opportunities, of customers, activities, and users of role User. */
  opportunityIds: number[];
  customerIds: number[];
  activityIds: number[];
  salespersonIds: number[];
  plainUserIds: number[];
}

export type Role = 'salesperson' | 'manager';

export interface Someone {
  email: string;
  password: string;
  role: Role;
}

export interface PeopleOptions {
  /** Where the people send everything (the server, or the proxy in front of two). */
  baseUrl: string;
  /** The server processes behind `baseUrl`, in the proxy's order; a write is checked through the next one. */
  upstreams: string[];
  people: Someone[];
  /** How many of them arrive during the run (the rest are signed in before it starts). */
  arriving: number;
  seconds: number;
  /** The access token's lifetime: a person already signed in refreshes it when it nears its end. */
  accessTokenTtlSeconds: number;
  catalogue: Catalogue;
  seed: number;
  /** Called as the run starts, once those at work have signed in. */
  onStart?: () => void;
}

export interface CallStats {
  call: string;
  count: number;
  p95: number;
  p99: number;
  max: number;
}

export interface PeopleRun {
  requests: number;
  seconds: number;
  p95: number;
  p99: number;
  /** Failed requests and screens, with the first few reasons. */
  errors: number;
  errorSamples: string[];
  /** Reads after an acknowledged write. */
  checkedReads: number;
  staleReads: number;
  /** The longest a stale read took to become current, in ms (0 when none was stale). */
  longestStaleMs: number;
  /** Requests sent again, as a browser does, after a kept connection closed before any byte of the answer. */
  resends: Resend[];
  /** Requests sent with the ETag of an answer the person remembered, and those of them answered 304. */
  revalidated: number;
  notModified: number;
  screens: Record<string, number>;
  calls: CallStats[];
}

const SESSION_MIN_VALIDITY_SECONDS = 5;
const REQUEST_TIMEOUT_MS = 30_000;
// A browser opens up to six connections to one host.
const CONNECTIONS_PER_PERSON = 6;
const STALE_POLL_MS = 10;
const STALE_GIVE_UP_MS = 5000;

/** The run's shared record of every request. */
class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly screens = new Map<string, number>();
  errors = 0;
  readonly errorSamples: string[] = [];
  checkedReads = 0;
  staleReads = 0;
  longestStaleMs = 0;
  readonly resends: Resend[] = [];
  revalidated = 0;
  notModified = 0;

  resent(resend: Resend): void {
    this.resends.push(resend);
  }

  record(call: string, ms: number): void {
    let list = this.latencies.get(call);
    if (!list) this.latencies.set(call, (list = []));
    list.push(ms);
  }

  fail(what: string, error: unknown): void {
    this.errors += 1;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = `${(error as Error).message?.split('\n')[0] ?? String(error)}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    if (this.errorSamples.length < 5) this.errorSamples.push(`${what}: ${why}`);
  }
}

class Person {
  readonly agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_PERSON });
  accessToken = '';
  refreshToken: string | undefined;
  refreshAtMs = Number.POSITIVE_INFINITY;
  /** For a person signed in before the run: how old their access token is when it starts. */
  tokenAgeMs = 0;
  /**
   * Keyed without the server's address: a check through the other process revalidates what
   * the person was sent before, so a 304 there that should have been a new answer is a stale read.
   */
  readonly remembered = new RememberedAnswers();

  constructor(
    readonly index: number,
    readonly someone: Someone,
    readonly options: PeopleOptions,
    /** Where this person's requests are counted: the run's, or a tally of what they did before it. */
    public tally: Tally,
    readonly random: () => number,
  ) {}

  get catalogue(): Catalogue {
    return this.options.catalogue;
  }

  /**
   * One request, timed from sending to the last byte of the answer the person gets (a resend
   * on a kept connection closed before any byte, as a browser makes it, within it); anything
   * but `expected` is an error. The API client's signed-in GETs revalidate, and so does any
   * call made with `revalidate` (the analysis): a 304 gives back the answer remembered.
   */
  async call(
    name: string,
    method: string,
    path: string,
    { body, base = this.options.baseUrl, expected = 200, signedIn = true, revalidate = signedIn && method === 'GET' }: { body?: unknown; base?: string; expected?: number; signedIn?: boolean; revalidate?: boolean } = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { 'accept-encoding': BROWSER_ACCEPT_ENCODING, accept: 'application/json' };
    if (signedIn) headers.authorization = `Bearer ${this.accessToken}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const key = revalidate ? requestKey(method, path, payload) : undefined;
    const etag = key === undefined ? undefined : this.remembered.etagOf(key);
    if (etag) {
      headers['if-none-match'] = etag;
      this.tally.revalidated += 1;
    }
    const started = performance.now();
    const sent = await sendAsBrowser(`${base}${path}`, { method, headers, body: payload, agent: this.agent, timeoutMs: REQUEST_TIMEOUT_MS }, (resend) => this.tally.resent(resend));
    this.tally.record(name, performance.now() - started);
    const { answer, notModified } = key === undefined ? { answer: sent, notModified: false } : this.remembered.settle(key, sent);
    if (notModified) this.tally.notModified += 1;
    if (answer.status !== expected) throw new Error(`${method} ${path} answered ${answer.status}: ${(await decoded(answer)).toString().slice(0, 200)}`);
    return answer;
  }

  /** A fetch whose every request is timed under `name`, body included (for the sign-in's pages). */
  timedFetch(name: string): Fetcher {
    return async (input, init) => {
      const started = performance.now();
      const response = await fetch(input, init);
      await response.clone().arrayBuffer();
      this.tally.record(name, performance.now() - started);
      return response;
    };
  }

  /** Arriving: the sign-in, the session's checks, the app's files, then the dashboard it lands on. */
  async arrive(): Promise<void> {
    const tokens = await signIn(this.options.baseUrl, this.someone.email, this.someone.password, this.timedFetch('sign-in (provider pages and token)'));
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
    this.refreshAtMs = performance.now() + (this.options.accessTokenTtlSeconds - SESSION_MIN_VALIDITY_SECONDS) * 1000;
    const email = encodeURIComponent(this.someone.email);
    await this.call('tenant check (get-tenant)', 'GET', `/tenant-service/get-tenant?email=${email}`, { signedIn: false });
    await this.call('profile (auth/email)', 'GET', `/api/auth/email?email=${email}`);
    // Once per page load: the API's document (which parts it offers) and the tenant's settings (src/platform).
    await Promise.all([this.appFiles(), this.call('API document', 'GET', '/api/openapi.json', { signedIn: false }), this.call('tenant settings', 'GET', '/api/tenant/settings')]);
    await dashboard(this, this.catalogue.currentYear);
  }

  /** The page and the scripts and styles it names, as a browser without them cached fetches them. */
  async appFiles(): Promise<void> {
    const page = await this.call('app page and its files', 'GET', '/dashboard', { signedIn: false });
    const files = [...(await decoded(page)).toString().matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    await Promise.all(files.map((file) => this.call('app page and its files', 'GET', file, { signedIn: false })));
  }

  /** The app refreshes its tokens 5 s before the access token ends. */
  async refreshIfDue(): Promise<void> {
    if (performance.now() < this.refreshAtMs || !this.refreshToken) return;
    const answer = await this.timedFetch('token refresh')(tokenEndpoint(this.options.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: this.refreshToken }),
    });
    if (!answer.ok) throw new Error(`the token refresh answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
    const tokens = (await answer.json()) as { access_token: string; refresh_token?: string };
    this.accessToken = tokens.access_token;
    this.refreshToken = tokens.refresh_token ?? this.refreshToken;
    this.refreshAtMs = performance.now() + (this.options.accessTokenTtlSeconds - SESSION_MIN_VALIDITY_SECONDS) * 1000;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** Records this person alone edits (so a read that differs from the write is stale, not someone else's write). */
  own(ids: readonly number[]): number {
    const mine = Math.floor(ids.length / this.options.people.length);
    return ids[this.index + this.options.people.length * Math.floor(this.random() * Math.max(1, mine))] ?? this.pick(ids);
  }

  /** Where a write's check reads: the process after the one that took the write. */
  checkBase(written: Answer): string {
    const { upstreams, baseUrl } = this.options;
    if (upstreams.length < 2) return baseUrl;
    const took = Number(written.headers['x-bench-upstream'] ?? 0);
    return upstreams[(took + 1) % upstreams.length]!;
  }

  /** Reads until `isCurrent` holds: counts the read as stale if the first one did not. */
  async checkRead(name: string, read: () => Promise<Answer>, isCurrent: (answer: Answer) => Promise<boolean>): Promise<void> {
    this.tally.checkedReads += 1;
    if (await isCurrent(await read())) return;
    this.tally.staleReads += 1;
    const started = performance.now();
    while (performance.now() - started < STALE_GIVE_UP_MS) {
      await sleep(STALE_POLL_MS);
      if (await isCurrent(await read())) break;
    }
    this.tally.longestStaleMs = Math.max(this.tally.longestStaleMs, performance.now() - started);
    this.tally.fail(name, new Error('a read after an acknowledged write showed the data before it'));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The calls of each screen, as src/wiring makes them (and src/platform for the session's own).
const tenantPath = (p: Person) => p.catalogue.tenantId;
const analysis = (p: Person, year: number, base?: string) =>
  p.call('analysis of a year (dashboard)', 'POST', '/api/opportunities/anlaysis', { body: { year, tenantId: tenantPath(p) }, revalidate: true, ...(base ? { base } : {}) });
const salespersons = (p: Person) => p.call('salesperson list', 'GET', `/api/salespersons/getAllData/${tenantPath(p)}`);
const customers = (p: Person) => p.call('customer list', 'GET', `/api/customers/getAllData/${tenantPath(p)}`);
/** Asked whenever a year choice appears (src/platform/data-years.ts). */
const dataYears = (p: Person) => p.call('years holding opportunities', 'GET', `/api/opportunities/years/${tenantPath(p)}?zone=UTC`);
const listPage = (p: Person, query: Record<string, string> = {}, base?: string) =>
  p.call('opportunity list page', 'GET', `/api/opportunities/page/${tenantPath(p)}?${new URLSearchParams({ year: String(p.catalogue.currentYear), zone: 'UTC', ...query })}`, {
    ...(base ? { base } : {}),
  });
const all = async (...calls: Promise<unknown>[]) => void (await Promise.all(calls));

/** /opportunity: the year choice and the first page, then a page searched for a customer, as a person narrows it. */
async function opportunityList(p: Person): Promise<void> {
  await all(dataYears(p), listPage(p));
  await listPage(p, { search: `Customer ${Math.floor(p.random() * p.catalogue.size.customers)}`, sort: 'revenue' });
}

/** Part of a name typed into the search dialog, asked as it grows (the dialog waits for a pause: about every other character). */
async function globalSearch(p: Person): Promise<void> {
  const { customers, users, activities } = p.catalogue.size;
  const texts = [
    `customer ${Math.floor(p.random() * customers)}`,
    `person ${String(1 + Math.floor(p.random() * users)).padStart(5, '0')}`,
    `follow-up ${1 + Math.floor(p.random() * activities)}`,
  ];
  const text = texts[Math.floor(p.random() * texts.length)]!;
  for (const prefix of typedPrefixes(text)) {
    await p.call('global search', 'GET', `/api/search/${tenantPath(p)}?${new URLSearchParams({ q: prefix })}`);
  }
}

/**
 * The dashboard (src/wiring/dashboard.ts, with the API's days of a year): the year's days and the
 * year before's beside the salespersons, then, once the chart is drawn, the year's analysis (for
 * one salesperson's views; last year's is asked only when one is chosen, which the people do not).
 */
async function dashboard(p: Person, year: number): Promise<void> {
  await all(dashboardDays(p, year), dashboardDays(p, year - 1), salespersons(p));
  await analysis(p, year);
}
const dashboardDays = (p: Person, year: number) =>
  p.call('days of a year (dashboard)', 'GET', `/api/opportunities/days/${tenantPath(p)}?year=${year}&zone=UTC`);

/** An opportunity's record page (src/wiring/opportunity-page.ts). */
async function opportunityPage(p: Person, id: number): Promise<void> {
  await all(
    p.call('opportunity record', 'GET', `/api/opportunities/${id}`),
    p.call('record timeline', 'GET', `/api/opportunities/${id}/timeline?limit=25`),
    salespersons(p),
    customers(p),
  );
}

/**
 * From its record page to its editor (src/wiring/opportunity-editor.ts), which changes
 * the revenue and saves what the app's form sends (the stored instant kept), then is
 * taken back to the list. The record and the dashboard's analysis must show the change.
 */
async function editOpportunity(p: Person): Promise<void> {
  const id = p.own(p.catalogue.opportunityIds);
  await opportunityPage(p, id);
  const [record] = await Promise.all([
    p.call('opportunity record', 'GET', `/api/opportunities/${id}`),
    salespersons(p),
    customers(p),
    p.call('tenant settings', 'GET', '/api/tenant/settings'),
  ]);
  const stored = await json<Opportunity>(record);
  const drawn = Math.round(1000 + p.random() * 90_000);
  const next = drawn === stored.revenue ? drawn + 1 : drawn;
  const body = { ...opportunityWriteOf(opportunityFormOf(stored, 'en-US')), revenue: next };
  // The year's sums that hold this deal, as they were before the save (read once through either
  // process), on one save in YEAR_SUMS_CHECKED_OF: these reads are the bench's check, not a
  // person's screen, so they are kept to a sample that still meets every kind of save.
  const sums = p.random() * YEAR_SUMS_CHECKED_OF < 1 ? yearSumsOf(stored) : undefined;
  const before = await sums?.read(p);
  const written = await p.call('opportunity save', 'PUT', `/api/opportunities/${id}`, { body });
  await all(dataYears(p), listPage(p));
  const base = p.checkBase(written);
  await p.checkRead('opportunity read after its save', () => p.call('opportunity record', 'GET', `/api/opportunities/${id}`, { base }), async (answer) => (await json<{ revenue: number }>(answer)).revenue === next);
  // The analysis names no opportunity: its entry is found by what it holds.
  // As the database writes it (json_build_object: a space either side of each colon).
  const entry = `{"created_date" : "${new Date(body.created_date).toISOString().slice(0, 19)}Z", "revenue" : ${next}, "probability" : ${body.probability}, "salesperson_id" : ${body.salesperson_id}}`;
  await p.checkRead('analysis after a save', () => analysis(p, p.catalogue.currentYear, base), (answer) => holdsText(answer, entry));
  if (sums && before) await sums.checkAfterSave(p, base, before);
}

/** One opportunity save in this many also checks the customers' sums and the calendar's days. */
const YEAR_SUMS_CHECKED_OF = 4;

/**
 * The sums of the year that a save of an opportunity changes, besides the analysis: its
 * customer's revenue in the customers' sums, and its day's in the calendar's days. Both are
 * sums over everyone's deals, so what the save must show is not a value but a change: the
 * revenue changed by the save differs from the one read before it (another person's save of
 * a deal of the same customer or day meanwhile changes it further, never back to it). A read
 * after the save that still shows the revenue of before missed the save.
 */
function yearSumsOf(stored: Opportunity) {
  const customer = stored.customer.toLowerCase();
  const day = new Date(stored.created_date).toISOString().slice(0, 10);
  const customerRevenue = async (answer: Answer) => (await json<{ customer: string; revenue: number }[]>(answer)).find((row) => row.customer.toLowerCase() === customer)?.revenue;
  const dayRevenue = async (answer: Answer) => (await json<{ date: string; revenue: number }[]>(answer)).find((row) => row.date === day)?.revenue;
  return {
    read: async (p: Person) => {
      const [sums, days] = await Promise.all([customerSums(p), calendarDays(p)]);
      return { customer: await customerRevenue(sums), day: await dayRevenue(days) };
    },
    checkAfterSave: async (p: Person, base: string, before: { customer: number | undefined; day: number | undefined }) => {
      await p.checkRead("customers' sums after a save", () => customerSums(p, base), async (answer) => (await customerRevenue(answer)) !== before.customer);
      await p.checkRead("calendar's days after a save", () => calendarDays(p, base), async (answer) => (await dayRevenue(answer)) !== before.day);
    },
  };
}

/** Each customer's sums of the year, summed by the server. */
const customerSums = (p: Person, base?: string) =>
  p.call('customer sums of a year (customer list)', 'GET', `/api/customers/summaries/${tenantPath(p)}?year=${p.catalogue.currentYear}&zone=UTC`, { ...(base ? { base } : {}) });

/** /customer (src/wiring/customer-list.ts), with its year choice. */
const customerList = (p: Person) => all(dataYears(p), customerSums(p));

/** A customer's record page (src/wiring/customer-page.ts). */
async function customerPage(p: Person, id: number): Promise<void> {
  await all(
    p.call('customer record', 'GET', `/api/customers/${id}`),
    p.call('customer deals', 'GET', `/api/customers/${id}/opportunities`),
    p.call('record timeline', 'GET', `/api/customers/${id}/timeline?limit=25`),
    salespersons(p),
  );
}

/** From the record page to the editor, saved, then back to the customer list. */
async function editCustomer(p: Person): Promise<void> {
  const id = p.own(p.catalogue.customerIds);
  await customerPage(p, id);
  const record = await json<{ name: string; company: string; email: string; phone: string; notes: string }>(await p.call('customer record', 'GET', `/api/customers/${id}`));
  const notes = `Called on ${new Date().toISOString()} by ${p.someone.email}`;
  const written = await p.call('customer save', 'PUT', `/api/customers/${id}`, { body: { ...pickCustomer(record), notes } });
  await customerList(p);
  const base = p.checkBase(written);
  await p.checkRead('customer read after its save', () => p.call('customer record', 'GET', `/api/customers/${id}`, { base }), async (answer) => (await json<{ notes: string }>(answer)).notes === notes);
}

const pickCustomer = ({ name, company, email, phone }: { name: string; company: string; email: string; phone: string }) => ({ name, company, email, phone });

const activityList = (p: Person) => p.call('activity list', 'GET', `/api/activities/getAllData/${tenantPath(p)}`);

/** In the activity list, an activity ticked done: the row is saved as the list holds it (src/wiring/activity-list.ts). */
async function tickActivity(p: Person): Promise<void> {
  const list = await activityList(p);
  const id = p.own(p.catalogue.activityIds);
  const row = await rowOf<Activity>(list, 'id', id);
  if (!row) throw new Error(`activity ${id} is not in the list`);
  const notes = `Done ${new Date().toISOString()}`;
  const written = await p.call('activity save', 'PUT', `/api/activities/${id}`, { body: writeOfActivity({ ...row, done: true, notes }) });
  const base = p.checkBase(written);
  await p.checkRead('activity read after its save', () => p.call('activity record', 'GET', `/api/activities/${id}`, { base }), async (answer) => (await json<{ notes: string }>(answer)).notes === notes);
}

/** The activity editor (src/wiring/activity-editor.ts): the salespersons and the activity (its opportunity is searched for as typed); saved, then the list. */
async function editActivity(p: Person): Promise<void> {
  const id = p.own(p.catalogue.activityIds);
  const [, record] = await Promise.all([salespersons(p), p.call('activity record', 'GET', `/api/activities/${id}`)]);
  const notes = `Edited ${new Date().toISOString()}`;
  await p.call('activity save', 'PUT', `/api/activities/${id}`, { body: writeOfActivity({ ...(await json<Activity>(record)), notes }) });
  await activityList(p);
}

/** The opportunities of each day of the year, counted and summed. */
const calendarDays = (p: Person, base?: string) =>
  p.call('days of a year (calendar)', 'GET', `/api/opportunities/days/${tenantPath(p)}?year=${p.catalogue.currentYear}&zone=UTC`, { ...(base ? { base } : {}) });

/** The calendar (src/wiring/calendar.ts): the days of the year and its events. */
const calendar = (p: Person) => all(calendarDays(p), p.call('calendar of a year', 'GET', `/api/calendar/getAllData/${tenantPath(p)}?year=${p.catalogue.currentYear}`));

/** The pipeline board (src/wiring/pipeline-board.ts), with its year choice. */
const board = (p: Person) =>
  all(dataYears(p), p.call('pipeline board', 'GET', `/api/opportunities/board/${tenantPath(p)}?year=${p.catalogue.currentYear}&zone=UTC`), salespersons(p));

/** A manager renames a user in the user list; the page reloads the list, which must show the new name. */
async function editUser(p: Person): Promise<void> {
  const users = await p.call('user list (searched in the browser)', 'GET', `/api/users/getAllData/${tenantPath(p)}`);
  const id = p.own(p.catalogue.plainUserIds);
  const user = await rowOf<{ id: number; name: string; email: string; password: string; role_id: number }>(users, 'id', id);
  if (!user) throw new Error(`user ${id} is not in the list`);
  const name = `${user.name.replace(/ \(.*\)$/, '')} (${Math.floor(p.random() * 1e6)})`;
  const written = await p.call('user save', 'PUT', `/api/users/nohash/${id}`, { body: { name, email: user.email, password: user.password, role_id: user.role_id } });
  const base = p.checkBase(written);
  await p.checkRead(
    'user list after a save',
    () => p.call('user list (searched in the browser)', 'GET', `/api/users/getAllData/${tenantPath(p)}`, { base }),
    async (answer) => (await rowOf<{ name: string }>(answer, 'id', id))?.name === name,
  );
}

async function editSalesperson(p: Person): Promise<void> {
  const id = p.pick(p.catalogue.salespersonIds);
  const [record] = await Promise.all([p.call('salesperson record', 'GET', `/api/salespersons/${id}`), p.call('teams of a salesperson', 'POST', '/api/teams/searchTeam', { body: { salespersonId: id } })]);
  const { name, email, phone, mobile, latest_login, status } = await json<{ name: string; email: string; phone: string; mobile: string; latest_login: string | null; status: number }>(record);
  await p.call('salesperson save', 'PUT', `/api/salespersons/${id}`, { body: { name, email, phone, mobile, latest_login, status } });
  await salespersons(p);
}

interface Screen {
  name: string;
  /** How often a person of each role opens it, relative to their other screens. */
  weight: Record<Role, number>;
  /** Mean seconds spent on it before the next screen (drawn from an exponential distribution). */
  thinkSeconds: number;
  open(p: Person): Promise<void>;
}

export const SCREENS: readonly Screen[] = [
  { name: 'dashboard, this year', weight: { salesperson: 10, manager: 20 }, thinkSeconds: 30, open: (p) => dashboard(p, p.catalogue.currentYear) },
  { name: 'dashboard, last year', weight: { salesperson: 2, manager: 6 }, thinkSeconds: 30, open: (p) => dashboard(p, p.catalogue.previousYear) },
  { name: 'opportunity list (a page, then searched)', weight: { salesperson: 14, manager: 10 }, thinkSeconds: 20, open: opportunityList },
  { name: 'pipeline board', weight: { salesperson: 4, manager: 4 }, thinkSeconds: 20, open: board },
  { name: 'global search (Ctrl+K), typed', weight: { salesperson: 8, manager: 6 }, thinkSeconds: 10, open: globalSearch },
  { name: 'opportunity record page', weight: { salesperson: 18, manager: 10 }, thinkSeconds: 20, open: (p) => opportunityPage(p, p.pick(p.catalogue.opportunityIds)) },
  { name: 'opportunity edit and save', weight: { salesperson: 6, manager: 2 }, thinkSeconds: 45, open: editOpportunity },
  { name: 'customer list', weight: { salesperson: 6, manager: 4 }, thinkSeconds: 20, open: customerList },
  { name: 'customer record page', weight: { salesperson: 4, manager: 2 }, thinkSeconds: 20, open: (p) => customerPage(p, p.pick(p.catalogue.customerIds)) },
  { name: 'customer record, edit and save', weight: { salesperson: 4, manager: 1 }, thinkSeconds: 45, open: editCustomer },
  { name: 'activity list', weight: { salesperson: 8, manager: 6 }, thinkSeconds: 20, open: (p) => activityList(p).then(() => {}) },
  { name: 'activity ticked done in the list', weight: { salesperson: 6, manager: 1 }, thinkSeconds: 30, open: tickActivity },
  { name: 'activity edit and save', weight: { salesperson: 2, manager: 0 }, thinkSeconds: 45, open: editActivity },
  { name: 'calendar', weight: { salesperson: 6, manager: 4 }, thinkSeconds: 20, open: calendar },
  { name: 'salesperson list', weight: { salesperson: 2, manager: 8 }, thinkSeconds: 15, open: (p) => salespersons(p).then(() => {}) },
  { name: 'salesperson edit and save', weight: { salesperson: 0, manager: 4 }, thinkSeconds: 45, open: editSalesperson },
  {
    name: 'user list, searched',
    weight: { salesperson: 0, manager: 15 },
    thinkSeconds: 20,
    open: async (p) => void (await p.call('user list (searched in the browser)', 'GET', `/api/users/getAllData/${tenantPath(p)}`)),
  },
  { name: 'user edit and save', weight: { salesperson: 0, manager: 3 }, thinkSeconds: 45, open: editUser },
];

function pickScreen(p: Person): Screen {
  const role = p.someone.role;
  const total = SCREENS.reduce((sum, screen) => sum + screen.weight[role], 0);
  let draw = p.random() * total;
  for (const screen of SCREENS) {
    draw -= screen.weight[role];
    if (draw < 0) return screen;
  }
  return SCREENS[0]!;
}

/** Seconds from an exponential distribution of this mean, at least 1 s and at most three means. */
function thinkSeconds(random: () => number, mean: number): number {
  return Math.min(3 * mean, Math.max(1, -mean * Math.log(1 - random())));
}

const MEAN_THINK_SECONDS = 25;

/** Signs in the people who are already at work when the run starts (not timed): `limit` at a time. */
async function signInBeforehand(people: Person[], limit = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const p = people[next++]!;
      const tokens = await signIn(p.options.baseUrl, p.someone.email, p.someone.password);
      p.accessToken = tokens.accessToken;
      p.refreshToken = tokens.refreshToken;
      // Their sessions started at different times before the run: each token has an age.
      p.tokenAgeMs = p.random() * (p.options.accessTokenTtlSeconds - SESSION_MIN_VALIDITY_SECONDS) * 1000;
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * The screen each person already at work is reading when the run starts, opened before it
 * (not timed; a failure still counts): a person in the middle of reading a screen was sent
 * it, so the server has answered those calls before the minute, as it had for a team that
 * was at work before it. Without this the minute began on a server that had answered no one.
 */
async function openScreensBeforehand(people: Person[], run: Tally, limit = 8): Promise<void> {
  const before = new Tally();
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const p = people[next++]!;
      const screen = pickScreen(p);
      p.tally = before;
      try {
        await screen.open(p);
      } catch (error) {
        run.fail(`${screen.name} (opened before the run)`, error);
      } finally {
        p.tally = run;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  for (const sample of before.errorSamples) if (run.errorSamples.length < 5) run.errorSamples.push(`before the run: ${sample}`);
  run.errors += before.errors;
}

/**
 * Who arrives during the run: the same share of each role as of everyone, spread evenly
 * through each role's people. (Every k-th person of the whole list once picked every
 * manager, since the managers stand at every tenth place, so none was at work at the start.)
 */
export function arrivalsOf<P extends { someone: Someone }>(people: readonly P[], arriving: number): P[] {
  const share = Math.min(1, Math.max(0, arriving) / Math.max(1, people.length));
  const roles = [...new Set(people.map((p) => p.someone.role))];
  return roles.flatMap((role) => {
    const ofRole = people.filter((p) => p.someone.role === role);
    const count = Math.round(ofRole.length * share);
    return Array.from({ length: count }, (_, i) => ofRole[Math.floor((i * ofRole.length) / count)]!);
  });
}

/** The run: every person's day for `seconds`, then every request still under way is waited for. */
export async function runPeople(options: PeopleOptions): Promise<PeopleRun> {
  const tally = new Tally();
  const random = mulberry32(options.seed);
  const people = options.people.map((someone, index) => new Person(index, someone, options, tally, mulberry32(Math.floor(random() * 2 ** 32))));
  const arriving = new Set(arrivalsOf(people, options.arriving));
  const atWork = people.filter((p) => !arriving.has(p));
  await signInBeforehand(atWork);
  await openScreensBeforehand(atWork, tally);

  options.onStart?.();
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const ttlMs = (options.accessTokenTtlSeconds - SESSION_MIN_VALIDITY_SECONDS) * 1000;
  for (const p of atWork) p.refreshAtMs = started + ttlMs - p.tokenAgeMs;

  const day = async (p: Person) => {
    if (arriving.has(p)) {
      // Arrivals spread over the first four fifths of the run.
      await sleep(p.random() * options.seconds * 800);
      tally.screens.set('arrival: sign-in, checks, app files, dashboard', (tally.screens.get('arrival: sign-in, checks, app files, dashboard') ?? 0) + 1);
      try {
        await p.arrive();
      } catch (error) {
        tally.fail('arrival', error);
        return;
      }
      // Reading the dashboard; past the run's end they are done (the run then ends with its last request).
      await sleep(Math.min(thinkSeconds(p.random, 20) * 1000, Math.max(0, until - performance.now())));
    } else {
      // Somewhere in the middle of reading a screen when the run starts.
      await sleep(p.random() * MEAN_THINK_SECONDS * 1000);
    }
    while (performance.now() < until) {
      const screen = pickScreen(p);
      tally.screens.set(screen.name, (tally.screens.get(screen.name) ?? 0) + 1);
      try {
        await p.refreshIfDue();
        await screen.open(p);
      } catch (error) {
        tally.fail(screen.name, error);
      }
      await sleep(Math.min(thinkSeconds(p.random, screen.thinkSeconds) * 1000, Math.max(0, until - performance.now())));
    }
  };
  await Promise.all(people.map(day));
  const elapsed = (performance.now() - started) / 1000;
  for (const p of people) p.agent.destroy();

  const all = [...tally.latencies.values()].flat();
  const calls = [...tally.latencies.entries()]
    .map(([call, list]) => ({ call, count: list.length, p95: percentile(list, 0.95), p99: percentile(list, 0.99), max: Math.max(...list) }))
    .sort((a, b) => b.count - a.count);
  return {
    requests: all.length,
    seconds: elapsed,
    p95: all.length ? percentile(all, 0.95) : Number.NaN,
    p99: all.length ? percentile(all, 0.99) : Number.NaN,
    errors: tally.errors,
    errorSamples: tally.errorSamples,
    checkedReads: tally.checkedReads,
    staleReads: tally.staleReads,
    longestStaleMs: tally.longestStaleMs,
    resends: tally.resends,
    revalidated: tally.revalidated,
    notModified: tally.notModified,
    screens: Object.fromEntries(tally.screens),
    calls,
  };
}
