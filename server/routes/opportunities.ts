import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { createYearAnswers, madeOncePerPieces, wholeYearJson, type PieceReader, type YearZonePieces } from '../caching/year-answers.ts';
import { keptJson, sendKeptJson } from '../caching/tagged-answers.ts';
import type { Queryable } from '../db/database.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { sharedPiecesOf } from '../caching/shared-pieces.ts';
import type { OpportunityDay, ZoneSums } from './year-zone-sums.ts';

const ANALYSIS_CACHE_BYTES = 32 * 1024 * 1024;
/** A year of 100,000 opportunities is about 2 MB as brotli, 3 MB as gzip. */
const YEAR_CACHE_BYTES = 32 * 1024 * 1024;

/** `zoneSums`: the year's pieces summed per local day and per customer, shared with the customers' sums (year-zone-sums.ts). */
export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext, zoneSums: YearZonePieces<ZoneSums>): void {
  const { db } = context;
  // What another server process on the same PostgreSQL made of a changed month, taken from it.
  const shared = sharedPiecesOf(db);
  // Dashboards ask for the same years again and again; the database says which months
  // of them changed (migration 080), and only those are read anew.
  const analyses = createYearAnswers(db, analysisPieceOf, { maxBytes: ANALYSIS_CACHE_BYTES, shared });

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
      return analyses.send(request, reply, { tenantId: caller.tenantId, year: body.year, key: `analysis-${body.year}` });
    },
    // The answer cache compresses once per version; the compress plugin would only look.
    { compress: false },
  );

  // The year's opportunities (x-crm-extension: opportunity-list), kept in months as the analysis is.
  const years = createYearAnswers(db, opportunitiesPiece, { maxBytes: YEAR_CACHE_BYTES, shared });
  defineRoute(
    app,
    context,
    'get',
    '/api/opportunities/getAllData/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number } }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      return years.send(request, reply, { tenantId: caller.tenantId, year: query.year, key: `year-${query.year}` });
    },
    { compress: false },
  );

  // The calendar's days (x-crm-extension: day-totals): what it shows of a year, a few
  // kilobytes, where the year's opportunities are megabytes. Summed per piece of the year,
  // kept as the year answers are, so a save sums one month anew (for the customers' sums too).
  // Added up, written and compressed once per set of pieces: the dashboard asks two years of it per visit.
  const daysAnswer = madeOncePerPieces((pieces: OpportunityDay[][], name) => keptJson(name, JSON.stringify(addedDays(pieces))), { maxKept: 64 });
  defineRoute(
    app,
    context,
    'get',
    '/api/opportunities/days/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number; zone?: string } }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      const zone = zoneOf(query);
      const pieces = await refusingUnknownZones(zone, () => zoneSums.piecesOf(caller.tenantId, query.year, zone));
      return sendKeptJson(request, reply, daysAnswer(`${caller.tenantId}/days/${query.year}/${zone}`, pieces.map((piece) => piece.days)));
    },
    { compress: false },
  );
}

/** The pieces' days added up (a local day can lie in two pieces), by date. */
function addedDays(pieces: OpportunityDay[][]): OpportunityDay[] {
  const byDate = new Map<string, OpportunityDay>();
  for (const day of pieces.flat()) {
    const held = byDate.get(day.date);
    byDate.set(day.date, held ? { ...held, opportunities: held.opportunities + day.opportunities, revenue: held.revenue + day.revenue, weighted: held.weighted + day.weighted } : day);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

// Opportunities per statement: about 170 KB of JSON each.
const ROWS_PER_STATEMENT = 2000;

/**
 * The year's analysis as one JSON array, read now: each opportunity's own entry (kept with
 * the row, migrations 010 and 014), oldest first. What the kept answer must equal.
 */
export function analysisJson(db: Queryable, tenantId: number, year: number): Promise<Buffer> {
  return wholeYearJson(db, tenantId, year, analysisPieceOf);
}

/**
 * The year's opportunities as GET /api/opportunities/getAllData answers them (the
 * Opportunity projection), read now: each row's own entry, kept with it (migration 071)
 * as the analysis entries are.
 */
export function yearOpportunitiesJson(db: Queryable, tenantId: number, year: number): Promise<Buffer> {
  return wholeYearJson(db, tenantId, year, opportunitiesPiece);
}

/** One piece of the year's analysis (server/caching/year-answers.ts). */
export const analysisPieceOf: PieceReader = (db, tenantId, year, piece) => pieceJson(db, tenantId, year, piece, 'analysis_json');
const opportunitiesPiece: PieceReader = (db, tenantId, year, piece) => pieceJson(db, tenantId, year, piece, 'answer_json');

// A piece's bounds ($3; server/caching/year-answers.ts: 0 the last 14 hours before the year
// $2, 1–12 its months, 13 the first 14 hours after it), made by the database from the year,
// so even year 9999 needs no five-digit ISO date.
const yearStart = "make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC')";
export const pieceWindow = `created_date >= case when $3::int = 0 then ${yearStart} - interval '14 hours' else ${yearStart} + ($3::int - 1) * interval '1 month' end
  and created_date < case when $3::int = 13 then ${yearStart} + interval '12 months 14 hours' else ${yearStart} + $3::int * interval '1 month' end`;

/** A piece ($3) of the year ($2) as a time zone ($4) counts it: for the sums of a local year (the calendar's days, the customers' sums). */
export const zonePieceWindow = `${pieceWindow}
  and created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, $4::text)
  and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $4::text)`;

/**
 * One piece of a year: the entries (`entry`, a column of JSON texts) joined by the database,
 * oldest first, 2,000 to a statement. As one value the year was built, copied and sent whole
 * inside PGlite, whose memory grew for it and never shrank. The statements of one piece run as
 * one chain on the server's thread (PGlite answers synchronously and hands its lock on in
 * promise continuations); the event loop turns only before each piece is made
 * (`turnBeforeMaking` in server/caching/year-answers.ts). The statements are separate snapshots: a write committing meanwhile may show
 * in some and not others, but the piece is kept under the version read before it was made,
 * so the next request after the write reads it anew (server/caching/README.md).
 */
async function pieceJson(db: Queryable, tenantId: number, year: number, piece: number, entry: string): Promise<string> {
  const parts: string[] = [];
  // Oldest first, so neighbouring entries share most of their date and compress well.
  // The next statement starts after the last (created_date, id) of the one before, kept
  // as text so that no microsecond is lost on the way through JavaScript. That key is
  // a range of the (tenant_id, created_date, id) index (migration 076), which gives
  // the rows in the order every aggregate here asks for, so the database sorts nothing
  // (the last key is the last element; sorting each piece again for `desc` took two
  // thirds of a year's time). The first statement has no key to start after: the index
  // scan then starts where the piece does. Given a key before the piece instead (as it
  // once was, `-infinity`), it started at the tenant's first opportunity and walked the
  // index through every earlier month, since the row comparison, not the piece's bounds,
  // set where the scan starts (README, Performance, issue 19, session 14).
  for (let after: [string, number] | undefined; ; ) {
    const [chunk] = await db.query<{ json: string | null; last_date: string | null; last_id: number | null; count: number }>(
      `select string_agg(entry, ',' order by created_date, id) as json,
              max(created_date)::text as last_date,
              (array_agg(id order by created_date, id))[count(*)] as last_id,
              count(*)::int as count
       from (
         select id, created_date, ${entry} as entry from opportunities
         where tenant_id = $1 and ${after ? '(created_date, id) > ($5::timestamptz, $6::int) and ' : ''}${pieceWindow}
         order by created_date, id limit $4
       ) as chunk`,
      [tenantId, year, piece, ROWS_PER_STATEMENT, ...(after ?? [])],
    );
    if (chunk?.json) parts.push(chunk.json);
    if (!chunk || chunk.count < ROWS_PER_STATEMENT || chunk.last_date === null || chunk.last_id === null) break;
    after = [chunk.last_date, chunk.last_id];
  }
  return parts.join(',');
}
