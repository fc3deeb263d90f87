import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { createYearAnswers, createYearZonePieces, YEAR_PIECES } from '../../server/caching/year-answers.ts';
import { analysisPieceOf, zonePieceWindow } from '../../server/routes/opportunities.ts';
import { zoneSumsPieceOf, type ZoneSums } from '../../server/routes/year-zone-sums.ts';
import type { Database } from '../../server/db/database.ts';
import Fastify from 'fastify';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * PGlite runs its statements on the server's one thread and hands its lock on in promise
 * continuations: the pieces of a year made one after another held the thread as one stretch
 * unless the event loop turned between them (server/caching/year-answers.ts, `turnBeforeMaking`).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * Counts, while `make` runs, the turns of the event loop (an immediate queued again each time it
 * runs, as I/O read between two pieces would be) and how many pieces had been read at each.
 */
async function turnsWhile(make: (read: number[]) => Promise<unknown>): Promise<{ read: number[]; readAtTurns: number[] }> {
  const read: number[] = [];
  const readAtTurns: number[] = [];
  let making = true;
  const turn = () => {
    readAtTurns.push(read.length);
    if (making) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await make(read);
  } finally {
    making = false;
  }
  return { read, readAtTurns };
}

describe('the pieces of a year are made with a turn of the event loop between them', () => {
  test("a cold year's days and customers' sums: other work runs between every two pieces", async () => {
    const { read, readAtTurns } = await turnsWhile((read) => {
      const sums = createYearZonePieces(
        server.db,
        (db, tenantId, year, piece, zone) => {
          read.push(piece);
          return zoneSumsPieceOf(db, tenantId, year, piece, zone);
        },
        { maxPieces: 64 },
      );
      return sums.piecesOf(1, 2025, 'UTC');
    });
    expect(read).toEqual(YEAR_PIECES);
    // Between the first piece's read and the last's, the loop turned after each piece.
    for (let made = 1; made < YEAR_PIECES.length; made += 1) expect(readAtTurns, `a turn after ${made} pieces`).toContain(made);
  });

  test("a cold year's analysis: other work runs between every two pieces", async () => {
    const { read, readAtTurns } = await turnsWhile(async (read) => {
      const db: Database = {
        ...server.db,
        query: <Row>(sql: string, params?: readonly unknown[]) => {
          if (/from opportunities/u.test(sql)) read.push(Number(params![2]));
          return server.db.query<Row>(sql, params);
        },
      };
      const years = createYearAnswers(db, analysisPieceOf, { maxBytes: 16 * 1024 * 1024 });
      const app = Fastify();
      app.get('/year', (request, reply) => years.send(request, reply, { tenantId: 1, year: 2025, key: 'turns-2025' }));
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/year' });
      expect(response.statusCode).toBe(200);
    });
    const pieces = [...new Set(read)];
    expect(pieces).toEqual(YEAR_PIECES);
    // The statements read so far when the loop turned: one turn at least between two pieces' statements.
    for (const piece of YEAR_PIECES.slice(1)) expect(readAtTurns, `a turn before piece ${piece}`).toContain(read.indexOf(piece));
  });
});

/**
 * The piece as the rows of its two groupings, read field by field, as it crossed before it
 * crossed as one JSON text: the sums of the rows, written by the database as float8.
 */
async function pieceFromRows(tenantId: number, year: number, piece: number, zone: string): Promise<ZoneSums> {
  const rows = await server.db.query<{ key: string | null; name: string | null; date: string | null; opportunities: number; revenue: number; weighted: number; won: number | null; latest_date: string | null }>(
    `with row as materialized (
       select customer, (created_date at time zone $4::text)::date as date, revenue, probability, stage = 'closed won' as won
       from opportunities where tenant_id = $1 and ${zonePieceWindow}
     )
     select * from (
       select null as key, null as name, to_char(date, 'YYYY-MM-DD') as date, count(*)::int as opportunities, sum(revenue)::float8 as revenue,
              sum(revenue * probability / 100)::float8 as weighted, null::int as won, null as latest_date
       from row group by date order by date
     ) as days
     union all
     select * from (
       select lower(customer), min(customer), null, count(*)::int, sum(revenue)::float8, sum(revenue * probability / 100)::float8,
              (count(*) filter (where won))::int, to_char(max(date), 'YYYY-MM-DD')
       from row group by lower(customer) order by lower(customer)
     ) as customers`,
    [tenantId, year, piece, zone],
  );
  const sums: ZoneSums = { days: [], customers: [] };
  for (const { key, name, date, opportunities, revenue, weighted, won, latest_date } of rows) {
    if (key === null) sums.days.push({ date: date!, opportunities, revenue, weighted });
    else sums.customers.push({ key, name: name!, opportunities, revenue, weighted, won: won!, latest_date: latest_date! });
  }
  return sums;
}

test("a piece's sums are the exact sums of its rows as float8, whatever their cents, size and spelling, in every zone", async () => {
  const [added] = await server.db.query<{ ids: number[] }>(
    `with added as (
       insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, (select id from salespersons where tenant_id = 1 order by id limit 1), customer, stage, created_date, revenue, probability
       from (values ('Ärger GmbH', 'closed won', '2025-03-31T23:30:00Z'::timestamptz, 0.01, 33), ('ärger gmbh', 'proposal', '2025-03-31T18:29:00Z', 0.1, 67),
                    ('ÄRGER GMBH', 'closed won', '2025-04-01T00:00:00Z', 0.2, 100), ('Big', 'closed won', '2025-06-15T12:00:00Z', 999999999999.99, 99),
                    ('Big', 'proposal', '2025-06-15T12:00:01Z', 999999999999.99, 100), ('big', 'closed won', '2025-12-31T23:59:59Z', 0.3, 1),
                    ('Small', 'proposal', '2024-12-31T10:00:00Z', 0.07, 7), ('Small', 'proposal', '2026-01-01T13:59:59Z', 1234.56, 13),
                    -- Two spellings whose sums, added as doubles, are not the double of their exact sum (0.1 + 0.2).
                    ('Odd Sums', 'proposal', '2025-03-15T12:00:00Z', 0.1, 100), ('odd sums', 'proposal', '2025-03-15T12:00:01Z', 0.2, 100)
            ) as v (customer, stage, created_date, revenue, probability)
       returning id
     )
     select array_agg(id) as ids from added`,
  );
  onTestFinished(async () => {
    await server.db.query('delete from opportunities where id = any($1::int[])', [added!.ids]);
  });
  // The order of a piece's days and customers is not part of what it says: the routes add them up by date and by key.
  const ordered = ({ days, customers }: ZoneSums) => ({
    days: [...days].sort((a, b) => (a.date < b.date ? -1 : 1)),
    customers: [...customers].sort((a, b) => (a.key < b.key ? -1 : 1)),
  });
  for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles', 'Asia/Kathmandu']) {
    for (const piece of YEAR_PIECES) {
      const made = await zoneSumsPieceOf(server.db, 1, 2025, piece, zone);
      expect(JSON.stringify(ordered(made)), `piece ${piece} in ${zone}`).toBe(JSON.stringify(await pieceFromRows(1, 2025, piece, zone)));
    }
  }
  const june = await zoneSumsPieceOf(server.db, 1, 2025, 6, 'UTC');
  expect(june.customers.find((sums) => sums.key === 'big')).toMatchObject({ revenue: 1999999999999.98, won: 1 });
  const march = await zoneSumsPieceOf(server.db, 1, 2025, 3, 'UTC');
  expect(march.customers.find((sums) => sums.key === 'odd sums')).toMatchObject({ name: 'Odd Sums', revenue: 0.3, weighted: 0.3 });
});
