import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTaggedAnswers, TAG_OF_JSON, tagOf, type TaggingDatabase } from '../../server/caching/tagged-answers.ts';
import { currentListVersion } from '../../server/caching/data-versions.ts';
import { ACTIVITY_LIST } from '../../server/routes/activities.ts';
import { CALENDAR_LIST } from '../../server/routes/calendar-events.ts';
import { CUSTOMER_LIST } from '../../server/routes/customers.ts';
import { SALESPERSON_LIST } from '../../server/routes/salespersons.ts';
import { recordLogin } from '../../server/oidc/accounts.ts';
import { madeOncePerPieces } from '../../server/caching/year-answers.ts';
import type { Queryable } from '../../server/db/database.ts';
import Fastify from 'fastify';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The salesperson, activity, customer and calendar lists are sent from a compressed copy while
// the data versions of what they read are unchanged, and otherwise made by the database and sent
// from that copy while their text's SHA-256 is unchanged (server/caching/tagged-answers.ts): no
// write, however made, may be answered with the old list.

let server: TestServer;
let second: TestServer;
let calendarYear: number;
beforeAll(async () => {
  server = await startTestServer();
  // A second server process on the same database, as when several serve one PostgreSQL.
  second = await startTestServer({ sharing: server });
  const [row] = await server.db.query<{ year: number }>('select extract(year from min(starts_at))::int as year from calendar_events where tenant_id = 1');
  calendarYear = row!.year;
  // The seed's events link no deal: one does here, so that its customer shows in the calendar.
  await server.db.query(
    `update calendar_events set opportunity_id = (select min(id) from opportunities where tenant_id = 1) where id = (select min(id) from calendar_events where tenant_id = 1)`,
  );
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const ADMIN = 'admin@demo.test';

interface Case {
  list: string;
  url: () => string;
  /** A write in plain SQL, outside every route, putting `mark` into what the list shows. */
  write: (db: Queryable, mark: string) => Promise<void>;
}

const LISTS: Case[] = [
  {
    list: 'salesperson list',
    url: () => '/api/salespersons/getAllData/1',
    write: (db, mark) => db.query(`update salespersons set phone = $1 where id = (select min(id) from salespersons where tenant_id = 1)`, [mark]).then(() => undefined),
  },
  {
    list: 'activity list',
    url: () => '/api/activities/getAllData/1',
    write: (db, mark) => db.query(`update activities set subject = $1 where id = (select min(id) from activities where tenant_id = 1)`, [mark]).then(() => undefined),
  },
  {
    list: 'customer list',
    url: () => '/api/customers/getAllData/1',
    write: (db, mark) => db.query(`update customers set notes = $1 where id = (select min(id) from customers where tenant_id = 1)`, [mark]).then(() => undefined),
  },
  {
    // The list shows the salesperson's name from their row: a version of the names alone (migration 200).
    list: "activity list, after a salesperson's name changed",
    url: () => '/api/activities/getAllData/1',
    write: (db, mark) =>
      db.query(`update salespersons set name = $1 where id = (select salesperson_id from activities where tenant_id = 1 order by id limit 1)`, [mark]).then(() => undefined),
  },
  {
    list: "activity list, after a linked deal's customer changed",
    url: () => '/api/activities/getAllData/1',
    write: (db, mark) =>
      db
        .query(`update opportunities set customer = $1 where id = (select opportunity_id from activities where tenant_id = 1 and opportunity_id is not null order by id limit 1)`, [mark])
        .then(() => undefined),
  },
  {
    list: "calendar of a year, after a linked deal's customer changed",
    url: () => `/api/calendar/getAllData/1?year=${calendarYear}`,
    write: (db, mark) =>
      db
        .query(
          `update opportunities set customer = $1 where id = (select opportunity_id from calendar_events where tenant_id = 1 and opportunity_id is not null
             and extract(year from starts_at at time zone 'UTC') = $2::int order by id limit 1)`,
          [mark, calendarYear],
        )
        .then(() => undefined),
  },
  {
    list: 'calendar of a year',
    url: () => `/api/calendar/getAllData/1?year=${calendarYear}`,
    write: (db, mark) => db.query(`update calendar_events set title = $1 where id = (select min(id) from calendar_events where tenant_id = 1)`, [mark]).then(() => undefined),
  },
];

async function fetchList(on: TestServer, url: string, headers: Record<string, string> = {}) {
  const response = await on.app.inject({ method: 'GET', url, headers: { ...(await on.as(ADMIN)), ...headers } });
  expect(response.statusCode).toBe(200);
  const encoding = response.headers['content-encoding'];
  const body = response.rawPayload;
  const json = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return { etag: String(response.headers.etag), encoding, text: json.toString('utf8') };
}

describe.each(LISTS)('the $list', ({ url, write }) => {
  test('is the same list, compressed once, while the database writes the same text', async () => {
    const first = await fetchList(server, url(), { 'accept-encoding': 'br' });
    const again = await fetchList(server, url(), { 'accept-encoding': 'br' });
    expect(first.encoding).toBe('br');
    expect(again).toEqual(first);
    const gzip = await fetchList(server, url(), { 'accept-encoding': 'gzip' });
    const plain = await fetchList(server, url());
    expect([gzip.encoding, plain.encoding]).toEqual(['gzip', undefined]);
    expect([gzip.text, plain.text]).toEqual([first.text, first.text]);
    expect(Array.isArray(JSON.parse(first.text))).toBe(true);
  });

  test('shows a write made in plain SQL, outside every route, at the very next request of either process', async () => {
    const before = await fetchList(server, url(), { 'accept-encoding': 'br' });
    await fetchList(second, url(), { 'accept-encoding': 'br' });
    const mark = `tagged-${Math.random().toString(36).slice(2)}`;
    await write(server.db, mark);
    for (const on of [server, second]) {
      const after = await fetchList(on, url(), { 'accept-encoding': 'br' });
      expect(after.text).toContain(mark);
      expect(after.etag).not.toBe(before.etag);
    }
  });

  test('answers 304 to the ETag of the list it would send, and the list to an older one', async () => {
    const current = await fetchList(server, url());
    const unchanged = await server.app.inject({ method: 'GET', url: url(), headers: { ...(await server.as(ADMIN)), 'if-none-match': current.etag } });
    expect(unchanged.statusCode).toBe(304);
    await write(server.db, `tagged-${Math.random().toString(36).slice(2)}`);
    const changed = await server.app.inject({ method: 'GET', url: url(), headers: { ...(await server.as(ADMIN)), 'if-none-match': current.etag } });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the salesperson list, after a sign-in', () => {
  test("shows the salesperson's latest login at the very next request of either process, as their record does", async () => {
    const email = 'rep@demo.test';
    await server.db.query(`update salespersons set latest_login = '2001-02-03T04:05:06Z' where email = $1`, [email]);
    const latestLogin = async (on: TestServer) => {
      const list = JSON.parse((await fetchList(on, '/api/salespersons/getAllData/1', { 'accept-encoding': 'br' })).text) as { email: string; latest_login: string | null }[];
      return list.find((entry) => entry.email === email)!.latest_login;
    };
    // Both processes hold the list with the old login.
    expect([await latestLogin(server), await latestLogin(second)]).toEqual(['2001-02-03T04:05:06Z', '2001-02-03T04:05:06Z']);
    // The provider's sign-in writes it so (server/oidc/login.ts).
    await recordLogin(server.db, email);
    const [record] = await server.db.query<{ id: number }>('select id from salespersons where email = $1', [email]);
    const shown = (await server.app.inject({ method: 'GET', url: `/api/salespersons/${record!.id}`, headers: await server.as(ADMIN) })).json<{ latest_login: string }>().latest_login;
    expect(Date.now() - Date.parse(shown)).toBeLessThan(60_000);
    expect([await latestLogin(server), await latestLogin(second)]).toEqual([shown, shown]);
  });
});

describe('a kept answer', () => {
  test('is not sent across by PostgreSQL while its text is unchanged, and is sent again once it changes; PGlite hands it over to be hashed', async () => {
    const texts: (string | null)[] = [];
    const recording: TaggingDatabase = {
      kind: server.db.kind,
      query: async <T,>(sql: string, params?: readonly unknown[]) => {
        const rows = await server.db.query<T>(sql, params);
        // The list's statement, not the read of its versions (this probe's table has none, so it is made every time).
        if (rows[0] && typeof rows[0] === 'object' && 'json' in rows[0]) texts.push((rows[0] as { json: string | null }).json);
        return rows;
      },
    };
    await server.db.query(`create table if not exists tagged_probe (tenant_id int, word text)`);
    await server.db.query(`delete from tagged_probe`);
    await server.db.query(`insert into tagged_probe values (1, 'one')`);
    const answers = createTaggedAnswers(recording, { maxBytes: 1024 * 1024 });
    const app = Fastify();
    app.get('/probe', (request, reply) =>
      answers.send(request, reply, { tenantId: 1, key: 'probe', sql: `select json_agg(word)::text as json from tagged_probe where tenant_id = $1`, params: [1], subjects: [] }),
    );
    const read = async () => (await app.inject({ method: 'GET', url: '/probe' })).body;
    expect(await read()).toBe('["one"]');
    expect(await read()).toBe('["one"]');
    await server.db.query(`update tagged_probe set word = 'two'`);
    expect(await read()).toBe('["two"]');
    expect(texts).toEqual(server.db.kind === 'postgres' ? ['["one"]', null, '["two"]'] : ['["one"]', '["one"]', '["two"]']);
    expect(answers.heldBytes()).toBe('["two"]'.length);
    await app.close();
  });

  test('answers each tenant its own text under the same key', async () => {
    const answers = createTaggedAnswers(server.db, { maxBytes: 1024 * 1024 });
    const app = Fastify();
    app.get('/probe/:tenant', (request, reply) => {
      const tenantId = Number((request.params as { tenant: string }).tenant);
      return answers.send(request, reply, { tenantId, key: 'probe', sql: `select json_build_array($1::int)::text as json`, params: [tenantId], subjects: [] });
    });
    expect((await app.inject({ method: 'GET', url: '/probe/1' })).body).toBe('[1]');
    expect((await app.inject({ method: 'GET', url: '/probe/2' })).body).toBe('[2]');
    expect((await app.inject({ method: 'GET', url: '/probe/1' })).body).toBe('[1]');
    await app.close();
  });

  test('holds no more bytes than its budget, the least recently used going first', async () => {
    const answers = createTaggedAnswers(server.db, { maxBytes: 2500 });
    const app = Fastify();
    app.get('/probe/:key', (request, reply) => {
      const key = (request.params as { key: string }).key;
      return answers.send(request, reply, { tenantId: 1, key, sql: `select json_build_array(repeat($1::text, 1000))::text as json`, params: [key], subjects: [] });
    });
    for (const key of ['a', 'b', 'c']) expect(JSON.parse((await app.inject({ method: 'GET', url: `/probe/${key}` })).body)).toEqual([key.repeat(1000)]);
    expect(answers.heldBytes()).toBeLessThanOrEqual(2500);
    expect(answers.heldBytes()).toBeGreaterThan(0);
    await app.close();
  });
});

describe('a list kept under the versions of what it reads', () => {
  /** The customer list through its own kept answers, counting how often the database makes it. */
  function customerList() {
    let made = 0;
    const counting: TaggingDatabase = {
      kind: server.db.kind,
      query: (sql, params) => {
        if (sql.includes(CUSTOMER_LIST.sql)) made += 1;
        return server.db.query(sql, params);
      },
    };
    const answers = createTaggedAnswers(counting, { maxBytes: 1024 * 1024 });
    const app = Fastify();
    app.get('/list', (request, reply) => answers.send(request, reply, { tenantId: 1, key: 'customers', params: [1], ...CUSTOMER_LIST }));
    const read = async () => {
      const response = await app.inject({ method: 'GET', url: '/list' });
      return { text: response.body, etag: String(response.headers.etag) };
    };
    return { read, made: () => made, close: () => app.close() };
  }
  const firstCustomer = `(select min(id) from customers where tenant_id = 1)`;

  test('is not made while no version moves, and is made again after any write to what it reads', async () => {
    const list = customerList();
    const first = await list.read();
    expect(await list.read()).toEqual(first);
    expect(await list.read()).toEqual(first);
    expect(list.made()).toBe(1);
    // A write that leaves the text as it was moves the version: made again, the same copy and ETag kept.
    await server.db.query(`update customers set notes = notes where id = ${firstCustomer}`);
    expect(await list.read()).toEqual(first);
    expect(list.made()).toBe(2);
    const mark = `versioned-${Math.random().toString(36).slice(2)}`;
    await server.db.query(`update customers set notes = $1 where id = ${firstCustomer}`, [mark]);
    const after = await list.read();
    expect(after.text).toContain(mark);
    expect(after.etag).not.toBe(first.etag);
    expect(list.made()).toBe(3);
    await list.close();
  });

  test('is made on every request while the tenant lacks a version of what it reads, and kept again once a write gives it one', async () => {
    const list = customerList();
    await list.read();
    await server.db.query(`delete from data_versions where tenant_id = 1 and subject = 'customers'`);
    expect(await currentListVersion(server.db, 1, CUSTOMER_LIST.subjects)).toBeUndefined();
    const mark = `unversioned-${Math.random().toString(36).slice(2)}`;
    // Written with the triggers off: only a list made anew can show it.
    await server.db.query(`alter table customers disable trigger customers_updated_new_version`);
    await server.db.query(`alter table customers disable trigger customers_updated_old_version`);
    try {
      await server.db.query(`update customers set notes = $1 where id = ${firstCustomer}`, [mark]);
    } finally {
      await server.db.query(`alter table customers enable trigger customers_updated_new_version`);
      await server.db.query(`alter table customers enable trigger customers_updated_old_version`);
    }
    expect((await list.read()).text).toContain(mark);
    await list.read();
    expect(list.made()).toBe(3);
    await server.db.query(`update customers set notes = 'versioned again' where id = ${firstCustomer}`);
    expect(await currentListVersion(server.db, 1, CUSTOMER_LIST.subjects)).toBeDefined();
    expect((await list.read()).text).toContain('versioned again');
    await list.read();
    expect(list.made()).toBe(4);
    await list.close();
  });

  test("a new tenant's lists are kept from its first request, before it has written any of what they read (migration 215)", async () => {
    const [tenant] = await server.db.query<{ id: number }>("insert into tenants (name) values ('Kept from the start') returning id");
    const lists = { salespersons: SALESPERSON_LIST, activities: ACTIVITY_LIST, customers: CUSTOMER_LIST, calendar: CALENDAR_LIST };
    const made: string[] = [];
    const counting: TaggingDatabase = {
      kind: server.db.kind,
      query: (sql, params) => {
        for (const [key, list] of Object.entries(lists)) if (sql.includes(list.sql)) made.push(key);
        return server.db.query(sql, params);
      },
    };
    const answers = createTaggedAnswers(counting, { maxBytes: 1024 * 1024 });
    const app = Fastify();
    app.get('/list/:key', (request, reply) => {
      const key = (request.params as { key: keyof typeof lists }).key;
      const params = key === 'calendar' ? [tenant!.id, calendarYear] : [tenant!.id];
      return answers.send(request, reply, { tenantId: tenant!.id, key, params, ...lists[key] });
    });
    for (let round = 0; round < 3; round += 1) {
      for (const key of Object.keys(lists)) expect((await app.inject({ method: 'GET', url: `/list/${key}` })).body).toBe('[]');
    }
    expect(made).toEqual(Object.keys(lists));
    await app.close();
  });

  test("a sign-in's latest login and a deal's other columns leave the activity list's and the calendar's versions as they were", async () => {
    const versions = () => Promise.all([ACTIVITY_LIST, CALENDAR_LIST, SALESPERSON_LIST].map((list) => currentListVersion(server.db, 1, list.subjects)));
    const [activities, calendar, salespersons] = await versions();
    await server.db.query(`update salespersons set latest_login = now() where id = (select salesperson_id from activities where tenant_id = 1 order by id limit 1)`);
    await server.db.query(`update opportunities set probability = probability, revenue = revenue + 1 where id in (select opportunity_id from activities where tenant_id = 1)`);
    const [activitiesAfter, calendarAfter, salespersonsAfter] = await versions();
    expect([activitiesAfter, calendarAfter]).toEqual([activities, calendar]);
    expect(activities).toBeDefined();
    // The salesperson list shows the latest login.
    expect(salespersonsAfter).not.toBe(salespersons);
  });
});

describe('the tag of an answer', () => {
  // Texts a tenant may write: accents, other scripts, characters outside the BMP (four UTF-8 bytes),
  // JSON's escapes, and none at all.
  const TEXTS = ['[]', '', '["Müller & Söhne","Łódź","東京","😀 deal","a\\"b\\\\c\\nd"]', 'x'.repeat(70_000) + 'é'];

  test('is the same rule in this process as in the database', async () => {
    for (const text of TEXTS) {
      const [row] = await server.db.query<{ tag: string }>(`select ${TAG_OF_JSON} as tag from (select $1::text as json) as answer`, [text]);
      expect(row!.tag).toBe(tagOf(text));
    }
  });

  test('and the ETag sent are the same whether PGlite\'s path or PostgreSQL\'s made them', async () => {
    const app = Fastify();
    const as = (kind: TaggingDatabase['kind']) => createTaggedAnswers({ kind, query: (sql, params) => server.db.query(sql, params) }, { maxBytes: 1024 * 1024 });
    const paths = { pglite: as('pglite'), postgres: as('postgres') };
    app.get('/probe/:kind/:text', (request, reply) => {
      const { kind, text } = request.params as { kind: keyof typeof paths; text: string };
      return paths[kind].send(request, reply, { tenantId: 1, key: 'probe', sql: `select json_build_array($1::text)::text as json`, params: [TEXTS[Number(text)]], subjects: [] });
    });
    for (const [i, text] of TEXTS.entries()) {
      const [pglite, postgres] = await Promise.all(['pglite', 'postgres'].map((kind) => app.inject({ method: 'GET', url: `/probe/${kind}/${i}` })));
      expect(JSON.parse(pglite!.body)).toEqual([text]);
      expect(postgres!.body).toBe(pglite!.body);
      expect(postgres!.headers.etag).toBe(pglite!.headers.etag);
      // Each path sends its kept copy to the other's ETag: the tag says the same text.
      const again = await app.inject({ method: 'GET', url: `/probe/postgres/${i}`, headers: { 'if-none-match': String(pglite!.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    await app.close();
  });
});

describe("what an answer makes of a year's pieces (the calendar's days, the customers' sums)", () => {
  test('is made again when any piece is not the one it was made from, and only then', () => {
    let makings = 0;
    const added = madeOncePerPieces((pieces: number[][]) => {
      makings += 1;
      return pieces.flat().reduce((sum, value) => sum + value, 0);
    }, { maxKept: 2 });
    const january = [1, 2];
    const february = [3];
    expect(added('1/2026/UTC', [january, february])).toBe(6);
    expect(added('1/2026/UTC', [january, february])).toBe(6);
    expect(makings).toBe(1);
    // February read anew after a write: another array, even with the same rows.
    expect(added('1/2026/UTC', [january, [3]])).toBe(6);
    expect(added('1/2026/UTC', [january, [4]])).toBe(7);
    expect(makings).toBe(3);
    // Another zone's year is its own answer.
    expect(added('1/2026/Europe/Berlin', [january])).toBe(3);
    expect(makings).toBe(4);
  });
});

describe("the calendar's days of a year, kept compressed once per set of month pieces", () => {
  test('are current after a write in plain SQL, through either process, compressed or not', async () => {
    const [row] = await server.db.query<{ id: number; year: number }>(
      `select id, extract(year from created_date at time zone 'UTC')::int as year from opportunities where tenant_id = 1 order by id limit 1`,
    );
    const url = `/api/opportunities/days/1?year=${row!.year}&zone=UTC`;
    const total = (text: string) => (JSON.parse(text) as { revenue: number }[]).reduce((sum, day) => sum + day.revenue, 0);
    const before = await fetchList(server, url, { 'accept-encoding': 'br' });
    expect(before.encoding).toBe('br');
    expect(await fetchList(server, url, { 'accept-encoding': 'br' })).toEqual(before);
    await fetchList(second, url, { 'accept-encoding': 'gzip' });
    await server.db.query('update opportunities set revenue = revenue + 1000 where id = $1', [row!.id]);
    for (const [on, encoding] of [[server, 'br'], [second, 'gzip'], [server, undefined]] as const) {
      const after = await fetchList(on, url, encoding ? { 'accept-encoding': encoding } : {});
      expect(after.encoding).toBe(encoding);
      expect(total(after.text)).toBeCloseTo(total(before.text) + 1000, 2);
      expect(after.etag).not.toBe(before.etag);
    }
  });
});
