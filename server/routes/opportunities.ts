import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { createAnswerCache } from '../caching/answer-cache.ts';
import type { Queryable } from '../db/database.ts';

// Time zones run from UTC-12 to UTC+14: widening the UTC year by 14 hours on each
// side gives a browser in any zone every opportunity of its own local year (the app
// buckets by local date and drops what falls outside the year). The bounds are made
// by the database from the year, so even year 9999 needs no five-digit ISO date.
export const yearWindow = `created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'
  and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'`;

const ANALYSIS_CACHE_BYTES = 32 * 1024 * 1024;

export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  // Dashboards ask for the same years again and again; the database says when the
  // opportunities changed (migration 007), so an answer is reused until then.
  const analyses = createAnswerCache(context.db, { maxBytes: ANALYSIS_CACHE_BYTES });

  /**
   * A year can hold tens of thousands of opportunities: the database reads them off
   * the (tenant_id, created_date) index and joins their JSON entries, made as each
   * row was written (migrations 010 and 014), so no row object or Date is built.
   * The answer holds exactly the document's AnalysisEntry fields (the spec's
   * four), oldest first.
   */
  defineRoute(
    app,
    context,
    'post',
    '/api/opportunities/anlaysis',
    async (request: FastifyRequest<{ Body: { year: number; tenantId: number } }>, reply) => {
      const { caller, body } = request;
      if (body.tenantId !== caller.tenantId) throw notFound();
      return analyses.send(request, reply, {
        tenantId: caller.tenantId,
        subject: 'opportunities',
        key: `analysis-${body.year}`,
        produce: () => analysisJson(db, caller.tenantId, body.year),
      });
    },
    // The answer cache compresses once per version; the compress plugin would only look.
    { compress: false },
  );
}

// Opportunities per piece of the answer: about 170 KB of JSON each.
const ROWS_PER_PIECE = 2000;

/**
 * Each opportunity's own entry (kept with the row, migrations 010 and 014), joined by the
 * database in pieces, oldest first, one statement per piece, joined here. A piece at a
 * time, because PGlite runs each statement on the server's one thread: a year of
 * 100,000 as one statement held every other request (sign-ins, static files) until it
 * was done; between pieces they go on. As one value the year was also built, copied and
 * sent whole inside PGlite, whose memory grew for it and never shrank.
 * The pieces are separate snapshots: a write committing meanwhile may show in some
 * and not others, but the answer is filed under the version read before it was made,
 * so the next request after the write gets a new one (server/caching/README.md).
 */
export function analysisJson(db: Queryable, tenantId: number, year: number): Promise<Buffer> {
  return yearJson(db, tenantId, year, 'analysis_json');
}

/**
 * The year's opportunities as GET /api/opportunities/getAllData answers them (the
 * Opportunity projection): each row's own entry, kept with it (migration 071) as the
 * analysis entries are, joined in pieces as the analysis is.
 */
export function yearOpportunitiesJson(db: Queryable, tenantId: number, year: number): Promise<Buffer> {
  return yearJson(db, tenantId, year, 'answer_json');
}

/** A JSON array of one text per opportunity of the year (`entry`, a column of JSON texts), oldest first. */
async function yearJson(db: Queryable, tenantId: number, year: number, entry: string): Promise<Buffer> {
  const parts: string[] = [];
  // Oldest first, so neighbouring entries share most of their date and compress well.
  // The next piece starts after the last (created_date, id) of the one before, kept
  // as text so that no microsecond is lost on the way through JavaScript. That key is
  // a range of the (tenant_id, created_date, id) index (migration 076), which gives
  // the rows in the order every aggregate here asks for, so the database sorts nothing
  // (the last key is the last element; sorting each piece again for `desc` took two
  // thirds of a year's time).
  for (let after: [string, number] = ['-infinity', 0]; ; ) {
    const [piece] = await db.query<{ json: string | null; last_date: string | null; last_id: number | null; count: number }>(
      `select string_agg(entry, ',' order by created_date, id) as json,
              max(created_date)::text as last_date,
              (array_agg(id order by created_date, id))[count(*)] as last_id,
              count(*)::int as count
       from (
         select id, created_date, ${entry} as entry from opportunities
         where tenant_id = $1 and (created_date, id) > ($3::timestamptz, $4::int) and ${yearWindow}
         order by created_date, id limit $5
       ) as piece`,
      [tenantId, year, after[0], after[1], ROWS_PER_PIECE],
    );
    if (piece?.json) parts.push(piece.json);
    if (!piece || piece.count < ROWS_PER_PIECE || piece.last_date === null || piece.last_id === null) break;
    after = [piece.last_date, piece.last_id];
  }
  // Written straight into the answer's bytes: no joined copy of the whole text.
  const answer = Buffer.allocUnsafe(2 + parts.reduce((bytes, part) => bytes + Buffer.byteLength(part), Math.max(0, parts.length - 1)));
  let at = answer.write('[');
  parts.forEach((part, index) => {
    if (index > 0) at += answer.write(',', at);
    at += answer.write(part, at);
  });
  answer.write(']', at);
  return answer;
}
