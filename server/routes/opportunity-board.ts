import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { PIPELINE_STAGES, stageProbabilityOf, type StageProbabilities } from '../../src/domain/opportunities/pipeline.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import type { AnswerOf } from '../answers/projection.ts';
import type { Answer } from '../http/contract-types.ts';
import { OPPORTUNITY_LIST_ROW } from '../answers/projections.ts';
import { inZoneYear } from '../answers/year-window.ts';

/** Cards per column in the board's first answer and per further page. */
export const BOARD_PAGE_SIZE = 40;

interface BoardQuery {
  year: number;
  zone?: string;
  salesperson?: number;
}

interface CardsQuery extends BoardQuery {
  stage: string;
  after_revenue?: number;
  after_probability?: number;
  after_id?: number;
}

/**
 * The year's opportunities of the board in the caller's time zone, of one salesperson or
 * all ($1 tenant, $2 year, $3 zone, $4 salesperson id or null), with the name and
 * weighted revenue the cards show.
 */
const boardRows = `board_rows as (
  select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id,
         coalesce(s.name, '') as salesperson_name, o.revenue * o.probability as weight
  from opportunities o left join salespersons s on s.id = o.salesperson_id
  where o.tenant_id = $1 and ${inZoneYear('o.created_date')} and ($4::int is null or o.salesperson_id = $4)
)`;

// A column's order: the largest weighted value first, then by id; a page continues after
// the (weight, id) of the last card shown, so a card moved meanwhile never shifts a page.
const CARD_ORDER = 'weight desc, id asc';

/** Every column with its count and sums and its first page of cards; the known stages always, in order, any other after them by name. */
async function boardColumns(db: Queryable, tenantId: number, query: BoardQuery): Promise<Answer<'BoardColumn'>[]> {
  const zone = zoneOf(query);
  const parameters = [tenantId, query.year, zone, query.salesperson ?? null];
  return refusingUnknownZones(zone, async () => {
    const sums = await db.query<StageSum>(STAGE_SUMS_SQL, parameters);
    const stages = sums.map((sum) => sum.stage);
    const cards =
      query.salesperson === undefined
        ? await db.query<Card>(WHOLE_BOARD_CARDS_SQL, [tenantId, query.year, zone, stages])
        : await db.query<Card>(SALESPERSON_CARDS_SQL, parameters);
    const [tenant] = await db.query<{ stage_probabilities: StageProbabilities }>(SELECT_PROBABILITIES, [tenantId]);
    const others = stages.filter((stage) => !PIPELINE_STAGES.includes(stage)).sort();
    return [...PIPELINE_STAGES, ...others].map((stage) => {
      const sum = sums.find((candidate) => candidate.stage === stage);
      return {
        stage,
        probability: stageProbabilityOf(tenant!.stage_probabilities, stage),
        count: sum?.count ?? 0,
        revenue: sum?.revenue ?? 0,
        weighted: sum?.weighted ?? 0,
        cards: cards.filter((card) => card.stage === stage),
      };
    });
  });
}

type StageSum = { stage: string; count: number; revenue: number; weighted: number };

const SELECT_PROBABILITIES = 'select stage_probabilities from tenants where id = $1';

type Card = AnswerOf<typeof OPPORTUNITY_LIST_ROW>;

/** Each column's count and sums of the board's rows (every salesperson's when $4 is null). */
const STAGE_SUMS_SQL = `with ${boardRows}
  select stage, count(*)::int as count, sum(revenue)::float8 as revenue, (sum(weight) / 100)::float8 as weighted
  from board_rows group by stage`;

/**
 * The whole tenant's board: each column's ($4, the stages) first cards from the
 * (tenant_id, stage, weight, id) index, in the column's order.
 */
const WHOLE_BOARD_CARDS_SQL = `select ${OPPORTUNITY_LIST_ROW.select} from (
    select card.*, coalesce(s.name, '') as salesperson_name
    from unnest($4::text[]) as board_column(stage)
    cross join lateral (
      select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id
      from opportunities o
      where o.tenant_id = $1 and o.stage = board_column.stage and ${inZoneYear('o.created_date')}
      order by o.revenue * o.probability desc, o.id asc
      limit ${BOARD_PAGE_SIZE}
    ) as card
    left join salespersons s on s.id = card.salesperson_id
  ) as cards
  order by stage, revenue * probability desc, id asc`;

/** One salesperson's board ($4): their few hundred opportunities of the year, read through the (tenant_id, salesperson_id) index. */
const SALESPERSON_CARDS_SQL = `with ${boardRows}
  select ${OPPORTUNITY_LIST_ROW.select} from (
    select *, row_number() over (partition by stage order by ${CARD_ORDER}) as rank from board_rows
  ) as ranked
  where rank <= ${BOARD_PAGE_SIZE}
  order by stage, rank`;

/** The next page of one column, after the card named by the cursor's weight and id. */
async function cards(db: Queryable, tenantId: number, query: CardsQuery): Promise<AnswerOf<typeof OPPORTUNITY_LIST_ROW>[]> {
  const zone = zoneOf(query);
  const cursor = [query.after_revenue, query.after_probability, query.after_id];
  const given = cursor.filter((part) => part !== undefined).length;
  if (given !== 0 && given !== cursor.length) throw new HttpError(400, 'after_revenue, after_probability and after_id go together');
  return refusingUnknownZones(zone, () =>
    db.query<AnswerOf<typeof OPPORTUNITY_LIST_ROW>>(
      `with ${boardRows}
       select ${OPPORTUNITY_LIST_ROW.select} from board_rows
       where stage = $5
         and ($6::numeric is null or weight < $6::numeric * $7::int or (weight = $6::numeric * $7::int and id > $8::int))
       order by ${CARD_ORDER} limit ${BOARD_PAGE_SIZE}`,
      [tenantId, query.year, zone, query.salesperson ?? null, query.stage, query.after_revenue ?? null, query.after_probability ?? null, query.after_id ?? null],
    ),
  );
}

/**
 * The years holding any of the tenant's opportunities or calendar events in the caller's
 * time zone ($1 tenant, $2 zone), oldest first. An event counts in the years it starts and
 * ends in; an all-day event's days are UTC dates in every zone (see the CalendarEvent schema).
 */
const SELECT_YEARS = `select year from (
    select extract(year from created_date at time zone $2::text)::int as year from opportunities where tenant_id = $1
    union
    select extract(year from edge at time zone (case when all_day then 'UTC' else $2::text end))::int
    from calendar_events cross join lateral (values (starts_at), (ends_at)) as edges(edge)
    where tenant_id = $1
  ) as found
  order by year`;

async function years(db: Queryable, tenantId: number, query: { zone?: string }) {
  const zone = zoneOf(query);
  return refusingUnknownZones(zone, async () => {
    const rows = await db.query<{ year: number }>(SELECT_YEARS, [tenantId, zone]);
    return rows.map((row) => row.year);
  });
}

/**
 * The pipeline board's answers (x-crm-extension: board): its columns with their first
 * cards, further pages of a column, and the years the year choices offer (the calendar's too). Moves go
 * through PUT /api/opportunities/{id}, so a move is an edit like any other.
 */
export function registerOpportunityBoardRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  type Request<Query> = FastifyRequest<{ Params: { tenant_id: number }; Querystring: Query }>;
  const board = (request: Request<BoardQuery>) => boardColumns(db, request.caller.tenantId, request.query);
  const nextCards = (request: Request<CardsQuery>) => cards(db, request.caller.tenantId, request.query);
  const yearsShown = (request: Request<{ zone?: string }>) => years(db, request.caller.tenantId, request.query);

  defineRoute(app, context, 'get', '/api/opportunities/board/{tenant_id}', board);
  defineRoute(app, context, 'get', '/api/opportunities/board/{tenant_id}/cards', nextCards);
  defineRoute(app, context, 'get', '/api/opportunities/years/{tenant_id}', yearsShown);
}
