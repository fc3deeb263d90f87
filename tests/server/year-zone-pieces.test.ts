import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createYearAnswers, createYearZonePieces, YEAR_PIECES } from '../../server/caching/year-answers.ts';
import { analysisPieceOf } from '../../server/routes/opportunities.ts';
import { zoneSumsPieceOf } from '../../server/routes/year-zone-sums.ts';
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
