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
 * One kind's hits: its `search_text` (migration 075: the searched texts joined and
 * lowercased when written) must contain every word ($4 onwards), ranked by how well
 * `title` answers the whole text ($2, lowercase): equal, starting with it, then
 * trigram word similarity. $1 is the tenant, $3 the whole text as a prefix pattern.
 * Only a bounded set is ranked, so a text that a whole table contains costs no
 * more than a rare one: the first few titles starting with the text (an index
 * range in byte order, which both finds and orders them) and the first
 * CANDIDATES_PER_KIND rows containing every word (a trigram index, or a scan that
 * stops at the limit).
 */
function kindQuery(kind: SearchHit['kind'], select: { from: string; title: string; detail: string; words: number }) {
  const filters = Array.from({ length: select.words }, (_, i) => `and search_text like lower($${i + 4})`).join(' ');
  const columns = `id, ${select.title} as title, ${select.detail} as detail`;
  const titleKey = `(lower(${select.title}) collate "C")`;
  return `(select '${kind}' as kind, id, title, detail,
      (case when lower(title) = $2 then 2 when starts_with(lower(title), $2) then 1 else 0 end) + word_similarity($2, title) as score
    from (
      (select ${columns} from ${select.from} where tenant_id = $1 and ${titleKey} like $3
        order by ${titleKey} limit ${HITS_PER_KIND})
      union
      (select ${columns} from ${select.from} where tenant_id = $1 ${filters} limit ${CANDIDATES_PER_KIND})
    ) as candidates
    order by score desc, lower(title), id
    limit ${HITS_PER_KIND})`;
}

export async function search(db: Queryable, tenantId: number, text: string, withUsers: boolean): Promise<SearchHit[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const whole = words.join(' ').toLowerCase();
  const count = words.length;
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
    kindQuery('activity', {
      from: 'activities',
      title: 'subject',
      detail: `concat_ws(' · ', kind, to_char(due_at at time zone 'UTC', 'YYYY-MM-DD'), case when done then 'done' end)`,
      words: count,
    }),
    kindQuery('event', {
      from: 'calendar_events',
      title: 'title',
      detail: `concat_ws(' · ', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD'), nullif(location, ''))`,
      words: count,
    }),
    kindQuery('salesperson', {
      from: 'salespersons',
      title: 'name',
      detail: 'email',
      words: count,
    }),
    ...(withUsers
      ? [
          kindQuery('user', {
            from: 'users',
            title: 'name',
            detail: 'email',
            words: count,
          }),
        ]
      : []),
  ];
  const bestCustomers = kindQuery('customer', {
    from: 'customers',
    title: 'name',
    detail: `concat_ws(' · ', nullif(company, ''), nullif(email, ''))`,
    words: count,
  });
  const sql = `with best_customers as materialized ${bestCustomers}
    select ${SEARCH_HIT.select} from (${parts.join(' union all ')}) as hits order by hits.score desc, hits.kind, hits.title, hits.id`;
  return db.query<SearchHit>(sql, [tenantId, whole, `${literally(whole)}%`, ...words.map((word) => `%${literally(word)}%`)]);
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
