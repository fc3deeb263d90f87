import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { instant } from '../answers/instant.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { containing, zoneOf } from '../http/list-query.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { forbidden, notFound } from '../http/refusals.ts';
import { BYTE_ORDER_MARK, csvRecord, type CsvCell } from '../../src/domain/csv/csv.ts';
import {
  ACTIVITY_HEADER,
  CUSTOMER_HEADER,
  OPPORTUNITY_HEADER,
  USER_HEADER,
  activityCells,
  customerCells,
  exportFileName,
  opportunityCells,
  userCells,
  type ExportKind,
} from '../../src/domain/csv/exports.ts';
import { mayExport, USER_EXPORT_REFUSAL } from '../../src/domain/csv/permissions.ts';
import { SORT_COLUMNS, type SortKey } from './opportunity-views.ts';

/** Rows per statement: each batch is written out before the next is read. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportQuery {
  year?: number;
  zone?: string;
  search?: string;
  stage?: string;
  mine?: boolean;
  view?: 'todo' | 'overdue' | 'done' | 'all';
  /** Opportunities: the list's sort (as GET /api/opportunities/page takes it); the others go by id. */
  sort?: SortKey;
  direction?: 'ascending' | 'descending';
  ids?: string;
}

/** Whose export it is: their tenant's rows, and their own for 'Mine'. */
export interface ExportCaller {
  tenantId: number;
  userId: number;
}

/**
 * One export: its header, its cells, and the statement reading a batch. Parameters:
 * $1 tenant, $2 the last id written, $3 batch size, $4 the search pattern or null, $5
 * the chosen ids or null, then the kind's own. A batch starts after the last row
 * written: by id, or, where the rows are sorted, by the last row's sort value (which
 * the statement answers as `after`, as text) and then its id.
 */
interface ExportSource {
  header: readonly string[];
  cells(row: any): CsvCell[];
  sql(query: ExportQuery): string;
  parameters(query: ExportQuery, caller: ExportCaller, after: string | null): unknown[];
}

// The sort values' types, so that the text of the last one written compares as its column does.
const SORT_TYPES: Record<SortKey, string> = { date: 'timestamptz', customer: 'text', salesperson: 'text', stage: 'text', revenue: 'numeric', weighted: 'numeric' };

/**
 * The opportunity list's order (GET /api/opportunities/page: the sort column in its
 * direction, then id) over rows named page_rows, starting after the row whose sort
 * value is the text `$after` and whose id is $2 (the first batch: $after null).
 */
function listOrder(query: ExportQuery, after: string): { value: string; from: string; order: string } {
  const key = query.sort ?? 'date';
  const value = SORT_COLUMNS[key];
  const descending = query.direction !== 'ascending';
  const last = `${after}::${SORT_TYPES[key]}`;
  return {
    value,
    from: `(${after}::text is null or ${value} ${descending ? '<' : '>'} ${last} or (${value} = ${last} and page_rows.id > $2))`,
    order: `${value} ${descending ? 'desc' : 'asc'}, page_rows.id asc`,
  };
}

const chosen = (alias: string) => `($5::int[] is null or ${alias}.id = any($5::int[]))`;

// With ids, the list's filters do not apply: the rows were chosen in it.
const SOURCES: Record<ExportKind, ExportSource> = {
  opportunities: {
    header: OPPORTUNITY_HEADER,
    cells: opportunityCells,
    sql: (query) => {
      const order = listOrder(query, '$11');
      return `select page_rows.id, to_char(page_rows.created_date at time zone 'UTC', 'YYYY-MM-DD') as created_day, page_rows.customer,
                     page_rows.salesperson_name, page_rows.salesperson_email, page_rows.stage, page_rows.revenue::float8 as revenue,
                     page_rows.probability, (${order.value})::text as after
              from (
                select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, coalesce(s.name, '') as salesperson_name,
                       coalesce(s.email, '') as salesperson_email, o.revenue * o.probability / 100 as weighted
                from opportunities o left join salespersons s on s.id = o.salesperson_id and s.tenant_id = o.tenant_id
                where o.tenant_id = $1 and ${chosen('o')}
                  and ($5::int[] is not null or (
                    ($6::int is null or (o.created_date >= make_timestamptz($6::int, 1, 1, 0, 0, 0, $7::text)
                                         and o.created_date < make_timestamptz($6::int + 1, 1, 1, 0, 0, 0, $7::text)))
                    and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)
                    and ($8::text is null or o.stage = $8)
                    and (not $9::boolean or o.salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $10))))
              ) as page_rows
              where ${order.from}
              order by ${order.order} limit $3`;
    },
    parameters: (query, caller, after) => [query.year ?? null, zoneOf(query), query.stage || null, query.mine === true, caller.userId, after],
  },
  customers: {
    header: CUSTOMER_HEADER,
    cells: customerCells,
    sql: () => `select c.id, c.name, c.company, c.email, c.phone, c.notes, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_day
          from customers c
          where c.tenant_id = $1 and c.id > $2 and ${chosen('c')}
            and ($5::int[] is not null or $4::text is null or c.name ilike $4 or c.company ilike $4 or c.email ilike $4)
          order by c.id limit $3`,
    parameters: () => [],
  },
  activities: {
    header: ACTIVITY_HEADER,
    cells: activityCells,
    sql: () => `select a.id, ${instant('a.due_at')} as due_at, a.kind, a.subject, a.done, a.duration_minutes,
                 s.name as salesperson_name, o.customer, a.notes
          from activities a
          join salespersons s on s.id = a.salesperson_id and s.tenant_id = a.tenant_id
          left join opportunities o on o.id = a.opportunity_id and o.tenant_id = a.tenant_id
          where a.tenant_id = $1 and a.id > $2 and ${chosen('a')}
            and ($5::int[] is not null or (
              case $6::text when 'todo' then not a.done when 'done' then a.done
                            when 'overdue' then not a.done and a.due_at < now() else true end
              and ($4::text is null or a.subject ilike $4 or a.kind ilike $4 or s.name ilike $4 or o.customer ilike $4)))
          order by a.id limit $3`,
    parameters: (query) => [query.view ?? 'all'],
  },
  users: {
    header: USER_HEADER,
    cells: userCells,
    sql: () => `select u.id, u.name, u.email, case u.role_id when 1 then 'Super Admin' when 2 then 'Admin' else 'User' end as role, u.phone, u.mobile
          from users u
          where u.tenant_id = $1 and u.id > $2 and ${chosen('u')}
            and ($5::int[] is not null or $4::text is null or u.name ilike $4 or u.email ilike $4
                 or (case u.role_id when 1 then 'Super Admin' when 2 then 'Admin' else 'User' end) ilike $4)
          order by u.id limit $3`,
    parameters: () => [],
  },
};

/**
 * The file's text in pieces: the byte order mark and header, then one piece per batch
 * of rows, each read after the last one written. A piece is read only when the previous one has been taken, so
 * however many rows there are, one batch at a time is held.
 */
export async function* exportPieces(db: Queryable, kind: ExportKind, caller: ExportCaller, query: ExportQuery, batchRows = EXPORT_BATCH_ROWS): AsyncGenerator<string> {
  const source = SOURCES[kind];
  const ids = query.ids ? query.ids.split(',').map(Number) : null;
  const sql = source.sql(query);
  yield BYTE_ORDER_MARK + csvRecord(source.header);
  for (let last: { id: number; after?: string } = { id: 0 }, first = true; ; first = false) {
    const parameters = [containing(query.search), ids, ...source.parameters(query, caller, first ? null : (last.after ?? null))];
    const rows = await db.query<{ id: number; after?: string }>(sql, [caller.tenantId, last.id, batchRows, ...parameters]);
    if (rows.length > 0) yield rows.map((row) => csvRecord(source.cells(row))).join('');
    if (rows.length < batchRows) return;
    last = rows.at(-1)!;
  }
}

export function registerCsvExportRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  type Request = FastifyRequest<{ Params: { kind: ExportKind; tenant_id: number }; Querystring: ExportQuery }>;

  defineRoute(app, context, 'get', '/api/csv/export/{kind}/{tenant_id}', async (request: Request, reply: FastifyReply) => {
    const { caller } = request;
    const { kind } = request.params;
    if (request.params.tenant_id !== caller.tenantId) throw notFound();
    if (!mayExport(kind, caller.roleId)) throw forbidden(USER_EXPORT_REFUSAL);
    // Checked before answering: once the file has started, a refusal can no longer be sent.
    if (kind === 'opportunities') zoneOf(request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(exportFileName(kind, new Date())))
      .header('Cache-Control', 'no-store')
      .send(Readable.from(exportPieces(db, kind, caller, request.query)));
  });
}
