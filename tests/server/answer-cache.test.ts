import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { createAnswerCache } from '../../server/caching/answer-cache.ts';
import { createYearAnswers, createYearZonePieces, pieceVersions, YEAR_PIECES } from '../../server/caching/year-answers.ts';
import { deflatePiece } from '../../server/caching/gzip-pieces.ts';
import { sharedPieces } from '../../server/caching/shared-pieces.ts';
import { analysisJson, analysisPieceOf } from '../../server/routes/opportunities.ts';
import { zoneSumsPieceOf } from '../../server/routes/year-zone-sums.ts';
import type { Database } from '../../server/db/database.ts';
import { OPPORTUNITY } from '../../server/answers/projections.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The user list and the analysis are kept, serialised, between calls (issue 8); these
// tests prove that no write, through whichever path, is ever answered with the old data.

let server: TestServer;
let second: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A second server process on the same database, as when several serve one PostgreSQL.
  second = await startTestServer({ sharing: server });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

interface UserAnswer {
  id: number;
  name: string;
  email: string;
  password: string;
  tenant_id: number;
}
interface OpportunityAnswer {
  created_date: string;
  revenue: number;
  probability: number;
  salesperson_id: number;
}

const DEMO_ADMIN = 'admin@demo.test';
const GLOBEX_ADMIN = 'admin@globex.test';

async function userList(on: TestServer, email = DEMO_ADMIN, tenantId = 1, headers: Record<string, string> = {}) {
  return on.app.inject({ method: 'GET', url: `/api/users/getAllData/${tenantId}`, headers: { ...(await on.as(email)), ...headers } });
}
async function users(on: TestServer, email = DEMO_ADMIN, tenantId = 1): Promise<UserAnswer[]> {
  const response = await userList(on, email, tenantId);
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function analysis(on: TestServer, year = 2025, email = DEMO_ADMIN, tenantId = 1): Promise<OpportunityAnswer[]> {
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/opportunities/anlaysis',
    headers: await on.as(email),
    payload: { year, tenantId },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the user list is never older than the last write', () => {
  test('a user created through the API is in the very next list', async () => {
    const before = await users(server);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await server.as(DEMO_ADMIN),
      payload: { name: 'Cache Created', email: 'cache.created@demo.test', password: 'long-enough-1', role_id: 3, status: 1 },
    });
    expect(created.statusCode).toBe(201);
    const after = await users(server);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((u) => u.email === 'cache.created@demo.test')).toMatchObject({ name: 'Cache Created', password: '********' });
  });

  test('a rename through the API shows in the very next list, compressed or not', async () => {
    const target = (await users(server)).find((u) => u.email === 'rep@demo.test')!;
    const compressed = async () =>
      JSON.parse(brotliDecompressSync((await userList(server, DEMO_ADMIN, 1, { 'accept-encoding': 'br' })).rawPayload).toString()) as UserAnswer[];
    expect((await compressed()).find((u) => u.id === target.id)!.name).toBe(target.name);

    const renamed = await server.app.inject({
      method: 'PUT',
      url: `/api/users/nohash/${target.id}`,
      headers: await server.as(DEMO_ADMIN),
      payload: { name: 'Renamed Rep', email: target.email, password: '', role_id: 3 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await users(server)).find((u) => u.id === target.id)!.name).toBe('Renamed Rep');
    expect((await compressed()).find((u) => u.id === target.id)!.name).toBe('Renamed Rep');
  });

  test('writes in SQL, outside every route, show in the very next list', async () => {
    await users(server);
    await server.db.query("update users set name = 'Changed In SQL' where email = 'manager@demo.test'");
    expect((await users(server)).find((u) => u.email === 'manager@demo.test')!.name).toBe('Changed In SQL');

    // The list tells whether a user can sign in: that lives in the accounts table.
    await server.db.query("delete from accounts where email = 'manager@demo.test'");
    expect((await users(server)).find((u) => u.email === 'manager@demo.test')!.password).toBe('');
    await server.db.query(
      "insert into accounts (email, password_hash, client_roles) values ('manager@demo.test', 'not-a-real-hash', array['crm-access'])",
    );
    expect((await users(server)).find((u) => u.email === 'manager@demo.test')!.password).toBe('********');

    await server.db.query("delete from users where email = 'cache.created@demo.test'");
    expect((await users(server)).map((u) => u.email)).not.toContain('cache.created@demo.test');
  });

  test('a write through another server process shows in the very next list of this one', async () => {
    await users(server);
    const created = await second.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await second.as(DEMO_ADMIN),
      payload: { name: 'Made Elsewhere', email: 'made.elsewhere@demo.test', password: 'long-enough-2', role_id: 3, status: 1 },
    });
    expect(created.statusCode).toBe(201);
    expect((await users(server)).map((u) => u.email)).toContain('made.elsewhere@demo.test');
  });

  test('a write that rolls back leaves the list as it was', async () => {
    const before = await users(server);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query("update users set name = 'Never Committed' where email = 'rep@demo.test'");
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await users(server)).toEqual(before);
  });
});

describe('the analysis is never older than the last write', () => {
  test('an opportunity added, changed and removed in SQL shows in the very next analysis', async () => {
    const before = await analysis(server);
    const [added] = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, id, 'Cache Customer', 'proposal', '2025-07-01T12:00:00Z', 1234.5, 40 from salespersons where tenant_id = 1 limit 1
       returning id`,
    );
    const withAdded = await analysis(server);
    expect(withAdded).toHaveLength(before.length + 1);
    const addedEntry = (answer: OpportunityAnswer[]) => answer.filter((o) => o.created_date === '2025-07-01T12:00:00Z' && o.revenue < 2000);
    expect(addedEntry(withAdded)).toMatchObject([{ revenue: 1234.5, probability: 40 }]);

    await server.db.query('update opportunities set revenue = 99, probability = 100 where id = $1', [added!.id]);
    expect(addedEntry(await analysis(server))).toMatchObject([{ revenue: 99, probability: 100 }]);

    await server.db.query('delete from opportunities where id = $1', [added!.id]);
    expect(await analysis(server)).toEqual(before);
  });

  test('each year is its own answer', async () => {
    const [y2025, y2026] = [await analysis(server, 2025), await analysis(server, 2026)];
    expect(y2025.length).toBeGreaterThan(0);
    expect(y2026.length).toBeGreaterThan(0);
    // The years' windows overlap by a day (time zones), so only most of each is its own year.
    expect(y2025.filter((o) => o.created_date.startsWith('2025-')).length).toBeGreaterThan(y2025.length / 2);
    expect(y2026.filter((o) => o.created_date.startsWith('2026-')).length).toBeGreaterThan(y2026.length / 2);
  });

  test('a year of several pieces (2,000 opportunities each) holds every one of its opportunities once, and no other', async () => {
    const [{ count: earlier }] = (await server.db.query<{ count: number }>(
      "select count(*)::int as count from opportunities where tenant_id = 2 and created_date >= '2023-12-31T10:00:00Z' and created_date < '2025-01-01T14:00:00Z'",
    )) as [{ count: number }];
    // Interleaved with another year's, so that pieces skip rows outside the window.
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 2, (select id from salespersons where tenant_id = 2 limit 1), 'Piece ' || n, 'proposal',
              case when n % 3 = 0 then timestamptz '2023-06-01T12:00:00Z' else timestamptz '2024-03-01T12:00:00Z' end, n, 50
       from generate_series(1, 6500) as n`,
    );
    onTestFinished(async () => {
      await server.db.query("delete from opportunities where tenant_id = 2 and customer like 'Piece %'");
    });
    const year = await analysis(server, 2024, GLOBEX_ADMIN, 2);
    const pieceRevenues = year.filter((o) => o.created_date === '2024-03-01T12:00:00Z').map((o) => o.revenue);
    const expected = Array.from({ length: 6500 }, (_, index) => index + 1).filter((n) => n % 3 !== 0);
    expect(pieceRevenues.sort((a, b) => a - b)).toEqual(expected);
    expect(year).toHaveLength(earlier + 6500 - Math.floor(6500 / 3));
  });
});

describe("a year's opportunities (the customer list's, the calendar's) is never older than the last write", () => {
  async function yearOpportunities(on: TestServer, year = 2025): Promise<{ id: number; revenue: number; customer: string; created_date: string }[]> {
    const response = await on.app.inject({ method: 'GET', url: `/api/opportunities/getAllData/1?year=${year}`, headers: { ...(await on.as(DEMO_ADMIN)), 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    return JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'));
  }

  test('every opportunity of the window, as the database holds it, oldest first', async () => {
    const expected = await server.db.query(
      `select ${OPPORTUNITY.select}
       from opportunities where tenant_id = 1 and created_date >= '2024-12-31T10:00:00Z' and created_date < '2026-01-01T14:00:00Z'
       order by created_date, id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await yearOpportunities(server)).toEqual(expected);
  });

  test('a change through the API, and one in SQL, show in the very next answer of either process', async () => {
    const [first] = await yearOpportunities(server);
    await yearOpportunities(second);
    const headers = await server.as(DEMO_ADMIN);
    const stored = (await server.app.inject({ method: 'GET', url: `/api/opportunities/${first!.id}`, headers })).json();
    const { customer, salesperson_id, stage, created_date, probability } = stored;
    const written = await server.app.inject({
      method: 'PUT',
      url: `/api/opportunities/${first!.id}`,
      headers,
      payload: { customer, salesperson_id, stage, created_date, probability, revenue: first!.revenue + 1 },
    });
    expect(written.statusCode).toBe(200);
    expect((await yearOpportunities(second)).find((o) => o.id === first!.id)?.revenue).toBe(first!.revenue + 1);
    await server.db.query("update opportunities set customer = 'Renamed in SQL' where id = $1", [first!.id]);
    onTestFinished(async () => {
      await server.db.query('update opportunities set customer = $2, revenue = $3 where id = $1', [first!.id, customer, first!.revenue]);
    });
    expect((await yearOpportunities(server)).find((o) => o.id === first!.id)?.customer).toBe('Renamed in SQL');
  });
});

describe('a year is kept in months: a write makes anew only the months it touched', () => {
  // A route of its own on the test database, recording the statements each answer runs.
  async function recordedYearRoute() {
    const statements: { sql: string; params: readonly unknown[] | undefined }[] = [];
    const db: Database = {
      ...server.db,
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        statements.push({ sql, params });
        return server.db.query<Row>(sql, params);
      },
    };
    const years = createYearAnswers(db, (from, tenantId, year, piece) => analysisPieceOf(from, tenantId, year, piece), { maxBytes: 16 * 1024 * 1024 });
    const app = Fastify();
    app.get('/year/:year', (request, reply) => {
      const year = Number((request.params as { year: string }).year);
      return years.send(request, reply, { tenantId: 1, year, key: `analysis-${year}` });
    });
    await app.ready();
    const answer = async (year: number) => {
      statements.length = 0;
      const response = await app.inject({ method: 'GET', url: `/year/${year}` });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    /** As a browser asks (Chromium's Accept-Encoding): the answer's bytes. */
    const gzipped = async (year: number) => {
      const response = await app.inject({ method: 'GET', url: `/year/${year}`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      return response.rawPayload;
    };
    // The pieces of the year read from the table (the version reads name no opportunities).
    const piecesRead = () => [...new Set(statements.filter(({ sql }) => /from opportunities/u.test(sql)).map(({ params }) => params![2]))];
    return { answer, gzipped, piecesRead };
  }
  const addOpportunity = async (createdDate: string) => {
    const [added] = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, id, 'Month Customer', 'proposal', $1, 4321, 30 from salespersons where tenant_id = 1 limit 1 returning id`,
      [createdDate],
    );
    onTestFinished(async () => {
      await server.db.query('delete from opportunities where id = $1', [added!.id]);
    });
    return added!.id;
  };
  const fresh = async (year: number) => (await analysisJson(server.db, 1, year)).toString('utf8');

  test('after a write in July, the next answer reads July alone, and equals the year read whole', async () => {
    const { answer, piecesRead } = await recordedYearRoute();
    await answer(2025);
    expect(piecesRead()).toHaveLength(14);
    expect(await answer(2025)).toBe(await fresh(2025));
    expect(piecesRead()).toEqual([]);

    await addOpportunity('2025-07-15T09:30:00Z');
    const afterWrite = await answer(2025);
    expect(piecesRead()).toEqual([7]);
    expect(afterWrite).toBe(await fresh(2025));
    expect(afterWrite).toContain('"created_date":"2025-07-15T09:30:00Z"');
  });

  test("asked as a browser asks, the year is gzip joined from its months' own deflated bytes: after a write in July, July's are new and March's as they were", async () => {
    const { gzipped } = await recordedYearRoute();
    await gzipped(2025);
    await addOpportunity('2025-07-15T09:30:00Z');
    const body = await gzipped(2025);
    expect(gunzipSync(body).toString('utf8')).toBe(await fresh(2025));
    for (const month of [3, 7]) {
      const text = Buffer.from(await analysisPieceOf(server.db, 1, 2025, month));
      expect(text.length).toBeGreaterThan(0);
      // Deflate gives the same bytes for the same text: found whole in the answer only if it was joined from them.
      expect(body.includes((await deflatePiece(text)).deflated)).toBe(true);
    }
  });

  test('an opportunity moved to another month leaves the one and joins the other', async () => {
    const { answer, piecesRead } = await recordedYearRoute();
    const id = await addOpportunity('2025-07-15T09:30:00Z');
    await answer(2025);
    await server.db.query("update opportunities set created_date = '2025-03-02T08:00:00Z' where id = $1", [id]);
    const moved = await answer(2025);
    expect(piecesRead().sort()).toEqual([3, 7]);
    expect(moved).toBe(await fresh(2025));
    expect(moved).not.toContain('"created_date":"2025-07-15T09:30:00Z"');
  });

  test('a write whose version was drawn before a later-committed write in another month still shows (PostgreSQL commits out of order)', async () => {
    const { answer } = await recordedYearRoute();
    const january = await addOpportunity('2025-01-10T09:00:00Z');
    // Two writers: one in January draws its version first, one in July draws the next two and commits first.
    const [{ drawn }] = (await server.db.query<{ drawn: string }>("select nextval('data_version_seq')::text as drawn")) as [{ drawn: string }];
    await server.db.query("select nextval('data_version_seq')");
    await addOpportunity('2025-07-15T09:30:00Z');
    await answer(2025);
    // Then January's writer commits, its month under the version it drew (older than July's).
    await server.db.transaction(async (tx) => {
      await tx.query('update opportunities set revenue = 9876 where id = $1', [january]);
      await tx.query("update opportunity_month_versions set version = $1 where tenant_id = 1 and month = '2025-01-01'", [drawn]);
    });
    const after = await answer(2025);
    expect(after).toBe(await fresh(2025));
    expect(after).toContain('"created_date":"2025-01-10T09:00:00Z","revenue":9876');
  });

  test('the 14 hours either side of a year are pieces of both years, each kept with its month', async () => {
    const { answer, piecesRead } = await recordedYearRoute();
    await Promise.all([answer(2024), answer(2025)]);
    await addOpportunity('2024-12-31T20:00:00Z');
    const y2024 = await answer(2024);
    expect(piecesRead()).toEqual([12]);
    const y2025 = await answer(2025);
    expect(piecesRead()).toEqual([0]);
    expect(y2024).toBe(await fresh(2024));
    expect(y2025).toBe(await fresh(2025));
    expect(y2025).toContain('"created_date":"2024-12-31T20:00:00Z"');
  });
});

describe("a year's sums kept in months (the calendar's days, the customers' sums)", () => {
  test('requests that find a month changed at the same time read it once between them, and each gets the month as written', async () => {
    const read: number[] = [];
    const sums = createYearZonePieces(
      server.db,
      async (db, tenantId, year, piece, zone) => {
        read.push(piece);
        return zoneSumsPieceOf(db, tenantId, year, piece, zone);
      },
      { maxPieces: 64 },
    );
    const revenueOf = (pieces: { days: { date: string; revenue: number }[] }[]) => pieces.flatMap((piece) => piece.days).filter((day) => day.date === '2025-07-15').reduce((sum, day) => sum + day.revenue, 0);
    const five = () => Promise.all(Array.from({ length: 5 }, () => sums.piecesOf(1, 2025, 'UTC')));

    const cold = await five();
    expect(read.sort((a, b) => a - b)).toEqual(YEAR_PIECES);
    const before = revenueOf(cold[0]!);
    for (const pieces of cold) expect(pieces).toEqual(cold[0]);

    read.length = 0;
    const [added] = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, id, 'Month Customer', 'proposal', '2025-07-15T09:30:00Z', 4321, 30 from salespersons where tenant_id = 1 limit 1 returning id`,
    );
    onTestFinished(async () => {
      await server.db.query('delete from opportunities where id = $1', [added!.id]);
    });
    const afterWrite = await five();
    expect(read).toEqual([7]);
    for (const pieces of afterWrite) expect(revenueOf(pieces)).toBeCloseTo(before + 4321, 2);
  });
});

describe('server processes on one database share the months they make (shared-pieces.ts)', () => {
  // Two processes' year answers and days on the test database, each recording the months it reads itself.
  function processes() {
    const shared = sharedPieces(server.db);
    return [0, 1].map(() => {
      const read: number[] = [];
      const recording: Database = {
        ...server.db,
        query: <Row>(sql: string, params?: readonly unknown[]) => {
          if (/from opportunities/u.test(sql)) read.push(Number(params![2]));
          return server.db.query<Row>(sql, params);
        },
      };
      const years = createYearAnswers(recording, analysisPieceOf, { maxBytes: 16 * 1024 * 1024, shared });
      const sums = createYearZonePieces(recording, zoneSumsPieceOf, { maxPieces: 64, shared: { pieces: shared, as: 'zone-sums' } });
      const app = Fastify();
      app.get('/year/:year', (request, reply) => {
        const year = Number((request.params as { year: string }).year);
        return years.send(request, reply, { tenantId: 1, year, key: `shared-analysis-${year}` });
      });
      /** The year's analysis as a browser asks for it, and the months this process read for it. */
      const analysis = async (year: number) => {
        read.length = 0;
        const response = await app.inject({ method: 'GET', url: `/year/${year}`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
        expect(response.statusCode).toBe(200);
        const text = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString('utf8') : response.body;
        return { text, read: [...new Set(read)].sort((a, b) => a - b) };
      };
      const daysOf = async (year: number) => {
        read.length = 0;
        return { days: (await sums.piecesOf(1, year, 'UTC')).flatMap((piece) => piece.days), read: [...new Set(read)].sort((a, b) => a - b) };
      };
      return { analysis, daysOf };
    });
  }
  const addInJuly = async () => {
    const [added] = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, id, 'Shared Customer', 'proposal', '2025-07-16T09:30:00Z', 5432, 30 from salespersons where tenant_id = 1 limit 1 returning id`,
    );
    onTestFinished(async () => {
      await server.db.query('delete from opportunities where id = $1', [added!.id]);
    });
  };
  const fresh = async (year: number) => (await analysisJson(server.db, 1, year)).toString('utf8');
  // The pieces of a year whose month has no version: read by each process itself.
  const unversioned = async (year: number) => {
    const versions = await pieceVersions(server.db, 1, year);
    return YEAR_PIECES.filter((piece) => !versions.has(piece));
  };

  test("a month one process made is taken by the other while its version holds; after a write, the month of the new version, whichever made it", async () => {
    const [a, b] = processes();
    expect((await a!.analysis(2025)).read).toEqual(YEAR_PIECES);
    expect(await b!.analysis(2025)).toEqual({ text: await fresh(2025), read: await unversioned(2025) });

    await addInJuly();
    // The other process asks first: the July it took before is of the old version, so it reads July itself.
    const afterWrite = await b!.analysis(2025);
    expect(afterWrite).toEqual({ text: await fresh(2025), read: [7] });
    expect(afterWrite.text).toContain('"created_date":"2025-07-16T09:30:00Z","revenue":5432');
    expect(await a!.analysis(2025)).toEqual({ text: await fresh(2025), read: [] });
  });

  test("the calendar's days of a month one process summed are taken by the other, and after a write summed anew once", async () => {
    const [a, b] = processes();
    const july16 = (days: { date: string; revenue: number }[]) => days.filter((day) => day.date === '2025-07-16').reduce((sum, day) => sum + day.revenue, 0);
    const first = await a!.daysOf(2025);
    expect(first.read).toEqual(YEAR_PIECES);
    expect(await b!.daysOf(2025)).toEqual({ days: first.days, read: await unversioned(2025) });

    await addInJuly();
    const written = await a!.daysOf(2025);
    expect(written.read).toEqual([7]);
    expect(july16(written.days)).toBeCloseTo(july16(first.days) + 5432, 2);
    expect(await b!.daysOf(2025)).toEqual({ days: written.days, read: [] });
  });

  test('a month without a version (none of its opportunities written since the table was emptied) is never shared: TRUNCATE could bring its version 0 back', async () => {
    const [a, b] = processes();
    expect(await unversioned(1999)).toEqual(YEAR_PIECES);
    expect((await a!.analysis(1999)).read).toEqual(YEAR_PIECES);
    expect((await b!.analysis(1999)).read).toEqual(YEAR_PIECES);
  });

  test('the stored pieces are bounded in number, the least recently stored going first', async () => {
    const shared = sharedPieces(server.db, { maxPieces: 2 });
    const piece = (text: string) => ({ body: Buffer.from(text), crc: null, length: null });
    for (const name of ['first', 'second', 'third', 'fourth']) await shared.store(1, `bounded/${name}`, '7', piece(name));
    expect(await shared.take(1, 'bounded/first', '7')).toBeUndefined();
    expect((await shared.take(1, 'bounded/fourth', '7'))?.body.toString()).toBe('fourth');
    const [{ count }] = (await server.db.query<{ count: number }>('select count(*)::int as count from shared_year_pieces')) as [{ count: number }];
    expect(count).toBeLessThanOrEqual(3);
  });
});

describe('tenants never share an answer', () => {
  test("each tenant's list and analysis hold only its own rows, however they interleave", async () => {
    for (let round = 0; round < 2; round += 1) {
      const demo = await users(server, DEMO_ADMIN, 1);
      const globex = await users(server, GLOBEX_ADMIN, 2);
      expect(demo.every((u) => u.tenant_id === 1)).toBe(true);
      expect(globex.every((u) => u.tenant_id === 2)).toBe(true);
      expect(globex.length).toBeGreaterThan(0);

      const salespersonsOf = async (tenantId: number) =>
        new Set((await server.db.query<{ id: number }>('select id from salespersons where tenant_id = $1', [tenantId])).map((row) => row.id));
      const [demoSales, globexSales] = [await salespersonsOf(1), await salespersonsOf(2)];
      const demoAnswer = await analysis(server, 2025, DEMO_ADMIN, 1);
      const globexAnswer = await analysis(server, 2025, GLOBEX_ADMIN, 2);
      expect(globexAnswer.length).toBeGreaterThan(0);
      expect(demoAnswer.every((o) => demoSales.has(o.salesperson_id))).toBe(true);
      expect(globexAnswer.every((o) => globexSales.has(o.salesperson_id))).toBe(true);
    }
  });

  test("a write in one tenant changes that tenant's answer only", async () => {
    const globexTag = (await userList(server, GLOBEX_ADMIN, 2)).headers.etag;
    const demoTag = (await userList(server)).headers.etag;
    await server.db.query("update users set name = 'Demo Only' where email = 'rep@demo.test'");
    expect((await userList(server)).headers.etag).not.toBe(demoTag);
    expect((await userList(server, GLOBEX_ADMIN, 2)).headers.etag).toBe(globexTag);
  });
});

test('no list answer holds a password hash, however it is sent', async () => {
  for (const encoding of [undefined, 'br', 'gzip']) {
    const response = await userList(server, DEMO_ADMIN, 1, encoding ? { 'accept-encoding': encoding } : {});
    const text = encoding === 'br' ? brotliDecompressSync(response.rawPayload).toString() : encoding === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
    expect(text).toContain('********');
    expect(text).not.toContain('$argon2');
  }
});

describe('conditional requests', () => {
  test('the list answers 304 to its own ETag, and the new list after a write', async () => {
    const first = await userList(server);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const unchanged = await userList(server, DEMO_ADMIN, 1, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await server.db.query("update users set name = 'After The Tag' where email = 'rep@demo.test'");
    const changed = await userList(server, DEMO_ADMIN, 1, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as UserAnswer[]).find((u) => u.email === 'rep@demo.test')!.name).toBe('After The Tag');
  });

  test("another tenant's ETag never earns a 304", async () => {
    const globexTag = (await userList(server, GLOBEX_ADMIN, 2)).headers.etag as string;
    expect((await userList(server, DEMO_ADMIN, 1, { 'if-none-match': globexTag })).statusCode).toBe(200);
  });
});

describe('the cache itself', () => {

  // A route of its own on the test database, to count how often the answer is made. Its writes
  // change what the user list shows (a rep's phone): a write that shows nothing moves no version.
  async function countingRoute(maxBytes: number, answerBytes = 100, hold: () => Promise<void> = async () => {}) {
    const statements: string[] = [];
    // As busy as a database serving many clients: each answer arrives 20 ms after its statement ran.
    const db: Database = {
      ...server.db,
      query: async <Row>(sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        const rows = await server.db.query<Row>(sql, params);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return rows as Row[];
      },
    };
    const cache = createAnswerCache(db, { maxBytes });
    const made: number[] = [];
    let makingNow = 0;
    let mostAtOnce = 0;
    const app = Fastify();
    app.get('/answer/:tenant', async (request, reply) => {
      const tenantId = Number((request.params as { tenant: string }).tenant);
      return cache.send(request, reply, {
        tenantId,
        subject: 'users',
        key: 'counted',
        produce: async () => {
          made.push(tenantId);
          const answer = made.length;
          mostAtOnce = Math.max(mostAtOnce, ++makingNow);
          await hold();
          await new Promise((resolve) => setTimeout(resolve, 20));
          makingNow -= 1;
          return JSON.stringify({ tenantId, answer, padding: 'x'.repeat(answerBytes) });
        },
      });
    });
    await app.ready();
    return { app, cache, made, statements, mostAtOnce: () => mostAtOnce };
  }

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  test('concurrent requests for one answer share one making of it, each reading only the version', async () => {
    const { app, made, statements } = await countingRoute(1024 * 1024);
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/answer/1' })));
    expect(answers.map((a) => a.json().tenantId)).toEqual(Array(10).fill(1));
    expect(made).toEqual([1]);
    expect(statements).toHaveLength(10);
    await app.inject({ method: 'GET', url: '/answer/1' });
    expect(made).toEqual([1]);
    await app.close();
  });

  test('a request that comes after a write never shares an older read of the version', async () => {
    const { app, made, statements } = await countingRoute(1024 * 1024);
    await app.inject({ method: 'GET', url: '/answer/1' });
    // A request whose version read has run, but not answered, when the write commits…
    const read = statements.length;
    const before = app.inject({ method: 'GET', url: '/answer/1' });
    while (statements.length === read) await new Promise((resolve) => setTimeout(resolve, 1));
    await server.db.query("update users set phone = phone || '0' where email = 'rep@demo.test'");
    // …and one sent after the write: it must see the new version, so a new answer.
    const after = await app.inject({ method: 'GET', url: '/answer/1' });
    await before;
    expect(after.json().answer).toBe(2);
    expect(made.length).toBe(2);
    await app.close();
  });

  test('an answer is made once at a time: requests that read newer versions meanwhile wait, then share one making of the newest', async () => {
    const held: Array<() => void> = [];
    const { app, made, statements, mostAtOnce } = await countingRoute(1024 * 1024, 100, () => new Promise((resolve) => held.push(resolve)));
    const ask = () => app.inject({ method: 'GET', url: '/answer/1' });
    const write = () => server.db.query("update users set phone = phone || '0' where email = 'rep@demo.test'");
    const first = ask();
    await until(() => held.length === 1);
    // Two writes while the first answer is being made, each followed by requests that read the newer version.
    await write();
    const afterOne = Array.from({ length: 5 }, ask);
    await until(() => statements.length === 6);
    await write();
    const afterTwo = Array.from({ length: 5 }, ask);
    await until(() => statements.length === 11);
    expect(held).toHaveLength(1);

    held[0]!();
    expect((await first).json().answer).toBe(1);
    await until(() => held.length === 2);
    held[1]!();
    const later = await Promise.all([...afterOne, ...afterTwo]);
    // Made after both writes, so new enough for every one of them.
    expect(later.map((answer) => answer.json().answer)).toEqual(Array(10).fill(2));
    expect(made).toHaveLength(2);
    expect(mostAtOnce()).toBe(1);
    await app.close();
  });

  test('an answer of a tenant without a data version is made for every request, and still compressed', async () => {
    const { app, made } = await countingRoute(1024 * 1024, 2000);
    for (let request = 0; request < 2; request += 1) {
      const answer = await app.inject({ method: 'GET', url: '/answer/999', headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.etag).toBeUndefined();
      expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString()).tenantId).toBe(999);
    }
    expect(made).toEqual([999, 999]);
    await app.close();
  });

  test('an answer of an older version is let go before the new one is made', async () => {
    const { app, cache, made } = await countingRoute(1024 * 1024, 2000);
    await app.inject({ method: 'GET', url: '/answer/1' });
    expect(cache.heldBytes()).toBeGreaterThan(2000);
    await server.db.query("update users set phone = phone || '0' where email = 'rep@demo.test'");
    const next = app.inject({ method: 'GET', url: '/answer/1' });
    while (made.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(cache.heldBytes()).toBe(0);
    expect((await next).json().answer).toBe(2);
    expect(cache.heldBytes()).toBeGreaterThan(2000);
    await app.close();
  });

  test('once its brotli encoding is made the JSON is not held, and every client still gets it', async () => {
    const { app, cache, made } = await countingRoute(1024 * 1024, 20_000);
    const asked = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/answer/1', headers });
    const first = await asked({ 'accept-encoding': 'br' });
    const json = brotliDecompressSync(first.rawPayload).toString();
    // The one encoding is made with the answer: the JSON is never held beside it.
    expect(cache.heldBytes()).toBeLessThan(20_000);

    const [plain, alsoPlain] = await Promise.all([asked(), asked()]);
    for (const answer of [plain, alsoPlain]) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(json);
    }
    const gzipped = await asked({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(json);
    expect(brotliDecompressSync((await asked({ 'accept-encoding': 'br' })).rawPayload).toString()).toBe(json);
    expect(made).toEqual([1]);
    await app.close();
  });

  test('the least recently used answer goes first', async () => {
    // Room for two answers of about 230 bytes, not three.
    const { app, made } = await countingRoute(500, 200);
    for (const tenant of [1, 2, 1, 1, 3, 1, 2]) expect((await app.inject({ method: 'GET', url: `/answer/${tenant}` })).json().tenantId).toBe(tenant);
    // 1 was used after 2, so 3 took 2's place and 1 was still there.
    expect(made).toEqual([1, 2, 3, 2]);
    await app.close();
  });

  test('it holds no more bytes than its bound, and still serves what is larger', async () => {
    const { app, cache, made } = await countingRoute(300, 200);
    for (const tenant of [1, 2, 1, 2]) expect((await app.inject({ method: 'GET', url: `/answer/${tenant}` })).json().tenantId).toBe(tenant);
    expect(cache.heldBytes()).toBeLessThanOrEqual(300);
    // Two answers of about 230 bytes do not fit in 300 together: each evicts the other.
    expect(made).toEqual([1, 2, 1, 2]);

    const tiny = await countingRoute(100, 200);
    expect((await tiny.app.inject({ method: 'GET', url: '/answer/1' })).json().tenantId).toBe(1);
    expect(tiny.cache.heldBytes()).toBe(0);
    await tiny.app.close();
    await app.close();
  });
});
