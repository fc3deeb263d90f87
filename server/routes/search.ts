import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { literally } from '../http/list-query.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { SEARCH_HIT } from '../answers/projections.ts';
import { canManageUsers } from '../../src/domain/rules/index.ts';
import { searchWords } from '../../src/domain/search/words.ts';

/** How many hits of each kind the search answers at most. */
export const HITS_PER_KIND = 5;

export type SearchHit = AnswerOf<typeof SEARCH_HIT>;

/** How many containing rows of each kind are ranked at most, besides those starting with the text. */
const CANDIDATES_PER_KIND = 50;

/**
 * The smallest text above every text starting with `prefix` in byte order (code point
 * order, as UTF-8 keeps it): the prefix with its last code point raised by one, after
 * dropping the highest code points it ends with; null when it is made of those alone,
 * as then every text from it on starts with it. So a title starts with the prefix
 * exactly when `prefix <= title < bound` in collation "C": a range of the titles'
 * prefix index, with no LIKE pattern to escape.
 */
export function prefixBound(prefix: string): string | null {
  const codePoints = Array.from(prefix, (character) => character.codePointAt(0)!);
  while (codePoints.length > 0 && codePoints[codePoints.length - 1] === 0x10ffff) codePoints.pop();
  if (codePoints.length === 0) return null;
  const last = codePoints.pop()! + 1;
  // Surrogates are no characters of a text: the next one after U+D7FF is U+E000.
  codePoints.push(last === 0xd800 ? 0xe000 : last);
  return String.fromCodePoint(...codePoints);
}

/** What a statement's text depends on, beyond its parameters' values. */
interface Shape {
  words: number;
  bounded: boolean;
  withUsers: boolean;
}

/**
 * One kind's hits: its `search_text` (the searched texts joined and lowercased,
 * a generated column with a trigram index) must contain every word ($4 onwards), ranked by how well
 * `title` answers the whole text ($2, lowercase): equal, starting with it, then
 * trigram word similarity. $1 is the tenant, $3 the bound above the titles starting
 * with the text (`prefixBound`). Only a bounded set is ranked, so a text that a whole
 * table contains costs no more than a rare one: the first few titles starting with
 * the text (an index range in byte order, which both finds and orders them) and the
 * first CANDIDATES_PER_KIND rows containing every word (a trigram index, or a scan
 * that stops at the limit).
 */
function kindQuery(kind: SearchHit['kind'], shape: Shape, select: { from: string; title: string; detail: string }) {
  const filters = Array.from({ length: shape.words }, (_, i) => `and search_text like lower($${i + 4})`).join(' ');
  const columns = `id, ${select.title} as title, ${select.detail} as detail`;
  const titleKey = `(lower(${select.title}) collate "C")`;
  const below = shape.bounded ? `and ${titleKey} < $3` : 'and $3::text is null';
  return `(select '${kind}' as kind, id, title, detail,
      (case when lower(title) = $2 then 2 when starts_with(lower(title), $2) then 1 else 0 end) + word_similarity($2, title) as score
    from (
      (select ${columns} from ${select.from} where tenant_id = $1 and ${titleKey} >= $2 ${below}
        order by ${titleKey} limit ${HITS_PER_KIND})
      union
      (select ${columns} from ${select.from} where tenant_id = $1 ${filters} limit ${CANDIDATES_PER_KIND})
    ) as candidates
    order by score desc, lower(title), id
    limit ${HITS_PER_KIND})`;
}

/** The kinds searched by their own text, and where each finds it. */
const SEARCHED = {
  customer: { from: 'customers', title: 'name', detail: `concat_ws(' · ', nullif(company, ''), nullif(email, ''))` },
  activity: {
    from: 'activities',
    title: 'subject',
    detail: `concat_ws(' · ', kind, to_char(due_at at time zone 'UTC', 'YYYY-MM-DD'), case when done then 'done' end)`,
  },
  event: { from: 'calendar_events', title: 'title', detail: `concat_ws(' · ', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD'), nullif(location, ''))` },
  salesperson: { from: 'salespersons', title: 'name', detail: 'email' },
  user: { from: 'users', title: 'name', detail: 'email' },
} as const;

function searchStatement(shape: Shape): string {
  const parts = [
    // The best customers, asked once: they are hits themselves and name the opportunities below.
    `(select * from best_customers)`,
    // An opportunity is named by its customer: the best customers' newest opportunities,
    // ranked just below their customer, newest first.
    `(select 'opportunity' as kind, o.id, o.customer as title,
        concat_ws(' · ', o.stage, to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD'), (select s.name from salespersons s where s.id = o.salesperson_id)) as detail,
        m.score - 0.001 * row_number() over (order by m.score desc, o.created_date desc, o.id desc) as score
      from best_customers as m
      cross join lateral (
        select id, customer, stage, created_date, salesperson_id from opportunities
        where tenant_id = $1 and lower(customer) = lower(m.title)
        order by lower(customer), created_date desc, id desc limit ${HITS_PER_KIND}
      ) as o
      order by score desc, o.created_date desc, o.id desc
      limit ${HITS_PER_KIND})`,
    kindQuery('activity', shape, SEARCHED.activity),
    kindQuery('event', shape, SEARCHED.event),
    kindQuery('salesperson', shape, SEARCHED.salesperson),
    ...(shape.withUsers ? [kindQuery('user', shape, SEARCHED.user)] : []),
  ];
  const bestCustomers = kindQuery('customer', shape, SEARCHED.customer);
  return `with best_customers as materialized ${bestCustomers}
    select ${SEARCH_HIT.select} from (${parts.join(' union all ')}) as hits order by hits.score desc, hits.kind, hits.title, hits.id`;
}

export async function search(db: Queryable, tenantId: number, text: string, withUsers: boolean): Promise<SearchHit[]> {
  // As the text reaches PostgreSQL, where a lone surrogate arrives as U+FFFD.
  const words = searchWords(text.replace(/\p{Cs}/gu, '\uFFFD'));
  if (words.length === 0) return [];
  const whole = words.join(' ').toLowerCase();
  const bound = prefixBound(whole);
  const shape: Shape = { words: words.length, bounded: bound !== null, withUsers };
  return db.query<SearchHit>(searchStatement(shape), [tenantId, whole, bound, ...words.map((word) => `%${literally(word)}%`)]);
}

/**
 * The global search (x-crm-extension: search): any signed-in person of the tenant
 * finds its records; only a Super Admin or Admin also finds its users, as only they
 * see the user list.
 */
export function registerSearchRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  defineRoute(app, context, 'get', '/api/search/{tenant_id}', async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { q: string } }>) => {
    const { caller } = request;
    if (request.params.tenant_id !== caller.tenantId) throw notFound();
    return { results: await search(db, caller.tenantId, request.query.q, canManageUsers(caller.roleId)) };
  });
}
