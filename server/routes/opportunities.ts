import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { createAnswerCache } from '../caching/answer-cache.ts';
import type { Queryable } from '../db/database.ts';

// Time zones run from UTC-12 to UTC+14: widening the UTC year by 14 hours on each
// side gives a browser in any zone every opportunity of its own local year (the app
// buckets by local date and drops what falls outside the year). The bounds are made
// by the database from the year, so even year 9999 needs no five-digit ISO date.
const yearWindow = `created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'
  and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'`;

// A year of 50,000 opportunities is about 8.5 MB of JSON and 1.2 MB as brotli; 100,000 twice that.
const ANALYSIS_CACHE_BYTES = 32 * 1024 * 1024;

export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  // Dashboards ask for the same years again and again; the database says when the
  // opportunities changed (migration 007), so an answer is reused until then.
  const analyses = createAnswerCache(context.versions, { maxBytes: ANALYSIS_CACHE_BYTES });

  /**
   * A year can hold tens of thousands of opportunities: the database reads them off
   * the (tenant_id, created_date) index and joins their JSON entries, made as each
   * row was written (migration 010), so no row object or Date is built. Dates
   * keep PostgreSQL's own JSON form (RFC 3339 with an offset, e.g.
   * 2025-03-01T10:30:00+00:00): formatting 50,000 of them again cost a third of
   * the call. The answer holds exactly the document's Opportunity fields, in no
   * particular order.
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

// Opportunity ids per piece of the answer: about 300 KB of JSON each.
const IDS_PER_PIECE = 2000;

/**
 * One statement, so one snapshot, joining each opportunity's own entry (kept with the
 * row, migration 010) in pieces of an id range each, joined here. As one value, a year
 * of 100,000 opportunities (17 MB of JSON) was built, copied and sent whole inside
 * PGlite, whose WebAssembly memory grew by about 60 MB for it and never gave it back
 * (resident size 115 MB higher after a few calls than with pieces, measured); in
 * pieces it did not grow at all.
 */
async function analysisJson(db: Queryable, tenantId: number, year: number): Promise<Buffer> {
  const pieces = await db.query<{ json: string }>(
    `select string_agg(analysis_json, ',') as json
     from opportunities
     where tenant_id = $1 and ${yearWindow}
     group by id / $3
     order by id / $3`,
    [tenantId, year, IDS_PER_PIECE],
  );
  // Written straight into the answer's bytes: no joined copy of the whole text.
  const parts = pieces.map((piece) => piece.json);
  const answer = Buffer.allocUnsafe(2 + parts.reduce((bytes, part) => bytes + Buffer.byteLength(part), Math.max(0, parts.length - 1)));
  let at = answer.write('[');
  parts.forEach((part, index) => {
    if (index > 0) at += answer.write(',', at);
    at += answer.write(part, at);
  });
  answer.write(']', at);
  return answer;
}
