import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { inZoneYear } from '../answers/year-window.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { containing, zoneOf } from '../http/list-query.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { forbidden, HttpError } from '../http/refusals.ts';
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
import { sortListRows, type ListSort, type SortDirection } from '../../src/domain/lists/sort.ts';
import { CUSTOMER_LIST_ORDER, CUSTOMER_SORT_KEYS, customersOfSums, matchesCustomerSearch, type CustomerSortKey } from '../../src/domain/opportunities/customers.ts';
import { ACTIVITY_LIST_ORDER, ACTIVITY_SORT_KEYS, matchesSearch, type ActivitySortKey, type SortedActivity } from '../../src/domain/activities/list-view.ts';
import { ACTIVITY, USER } from '../answers/projections.ts';
import type { Caller } from '../http/authenticate.ts';
import { SORT_COLUMNS, type SortKey } from './opportunity-views.ts';
import { ACTIVITY_LIST_LOADED_ORDER } from './activities.ts';
import { customerSummaries } from './customers.ts';

/** Rows per statement: each batch is written out before the next is read. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportQuery {
  year?: number;
  zone?: string;
  search?: string;
  stage?: string;
  mine?: boolean;
  view?: 'todo' | 'overdue' | 'done' | 'all';
  /** The list's sort: the opportunity list's page's, the customer list's or the activity list's columns. */
  sort?: SortKey | CustomerSortKey | ActivitySortKey;
  direction?: SortDirection;
  ids?: string;
}

/** Whose export it is: their tenant's rows, and their own for 'Mine'. */
type ExportCaller = Pick<Caller, 'tenantId' | 'userId'>;

/**
 * One export: its header, its cells, and the statement reading a batch. Parameters:
 * $1 tenant, $2 the last id written, $3 batch size, $4 the chosen ids or null, then the
 * kind's own (the search pattern first, where the statement searches). A batch starts after the last row
 * written: by id, or, where the database sorts the rows, by the last row's sort value
 * (which the statement answers as `after`, as text) and then its id. Where the list
 * sorts in the browser (`listOrder`), the ids of its rows are put in its order first,
 * and each batch is the rows of the next of those ids (the kind's own `batch` parameter).
 */
interface ExportSource {
  header: readonly string[];
  cells(row: any): CsvCell[];
  sql(query: ExportQuery): string;
  parameters(query: ExportQuery, caller: ExportCaller, after: string | null, batch: readonly number[] | null): unknown[];
  /** The columns its list sorts by. */
  sortKeys: readonly string[];
  /** Where its list searches in the browser: whether the list shows a row read, by the list's own rule. */
  shows?(row: any, query: ExportQuery): boolean;
  /** The ids of the list's rows in the list's order, by the list's own rule (src/domain). */
  listOrder?(db: Queryable, caller: ExportCaller, query: ExportQuery, sort: ListSort<string>): Promise<number[]>;
}

// The sort values' types, so that the text of the last one written compares as its column does.
const SORT_TYPES: Record<SortKey, string> = { date: 'timestamptz', customer: 'text', salesperson: 'text', stage: 'text', revenue: 'numeric', weighted: 'numeric' };

/**
 * The opportunity list's order (GET /api/opportunities/page: the sort column in its
 * direction, then id) over rows named page_rows, starting after the row whose sort
 * value is the text `$after` and whose id is $2 (the first batch: $after null).
 */
function listOrder(query: ExportQuery, after: string): { value: string; from: string; order: string } {
  // sortOf has let only the page's own columns through.
  const key = (query.sort as SortKey | undefined) ?? 'date';
  const value = SORT_COLUMNS[key];
  const descending = query.direction !== 'ascending';
  const last = `${after}::${SORT_TYPES[key]}`;
  return {
    value,
    from: `(${after}::text is null or ${value} ${descending ? '<' : '>'} ${last} or (${value} = ${last} and page_rows.id > $2))`,
    order: `${value} ${descending ? 'desc' : 'asc'}, page_rows.id asc`,
  };
}

/** Whether the row (`alias`) is among the ids of the parameter, or the parameter is null. */
const among = (alias: string, parameter: string) => `(${parameter}::int[] is null or ${alias}.id = any(${parameter}::int[]))`;

/** The year now in a time zone: the customer list's year when it names none. */
const yearIn = (zone: string) => Number(new Intl.DateTimeFormat('en', { timeZone: zone, year: 'numeric' }).format(new Date()));

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
                where o.tenant_id = $1 and ${among('o', '$4')}
                  and ($4::int[] is not null or (
                    ($6::int is null or (${inZoneYear('o.created_date', '$6', '$7')}))
                    and ($5::text is null or o.customer ilike $5 or s.name ilike $5 or o.stage ilike $5)
                    and ($8::text is null or o.stage = $8)
                    and (not $9::boolean or o.salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $10))))
              ) as page_rows
              where ${order.from}
              order by ${order.order} limit $3`;
    },
    parameters: (query, caller, after) => [containing(query.search), query.year ?? null, zoneOf(query), query.stage || null, query.mine === true, caller.userId, after],
    sortKeys: Object.keys(SORT_COLUMNS),
  },
  customers: {
    header: CUSTOMER_HEADER,
    cells: customerCells,
    sql: () => `select c.id, c.name, c.company, c.email, c.phone, c.notes, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_day
          from customers c
          where c.tenant_id = $1 and c.id > $2 and ${among('c', '$4')} and ${among('c', '$5')}
          order by c.id limit $3`,
    parameters: (_query, _caller, _after, batch) => [batch],
    // The list searches in the browser, by its own rule: the file keeps the rows that rule finds.
    shows: (row, query) => matchesCustomerSearch({ customer: row.name, company: row.company }, query.search ?? ''),
    sortKeys: CUSTOMER_SORT_KEYS,
    // The customer list's rows of the year, as it loads them.
    listOrder: async (db, caller, query, sort) => {
      const zone = zoneOf(query);
      const rows = customersOfSums(await customerSummaries(db, caller.tenantId, query.year ?? yearIn(zone), zone));
      return sortListRows(rows, sort as ListSort<CustomerSortKey>, CUSTOMER_LIST_ORDER).flatMap((row) => (row.id === null ? [] : [row.id]));
    },
  },
  activities: {
    header: ACTIVITY_HEADER,
    cells: activityCells,
    sql: () => `select a.id, answer_instant(a.due_at) as due_at, a.kind, a.subject, a.done, a.duration_minutes,
                 s.name as salesperson_name, o.customer, a.notes
          from activities a
          join salespersons s on s.id = a.salesperson_id and s.tenant_id = a.tenant_id
          left join opportunities o on o.id = a.opportunity_id and o.tenant_id = a.tenant_id
          where a.tenant_id = $1 and a.id > $2 and ${among('a', '$4')} and ${among('a', '$6')}
            and ($4::int[] is not null or
              case $5::text when 'todo' then not a.done when 'done' then a.done
                            when 'overdue' then not a.done and a.due_at < now() else true end)
          order by a.id limit $3`,
    parameters: (query, _caller, _after, batch) => [query.view ?? 'all', batch],
    // The list searches in the browser, by its own rule: the file keeps the rows that rule finds.
    shows: (row, query) => matchesSearch(row, query.search ?? ''),
    sortKeys: ACTIVITY_SORT_KEYS,
    // The activity list's rows, as it loads them: what it sorts by, not the rows.
    listOrder: async (db, caller, _query, sort) => {
      const rows = await db.query<SortedActivity & { id: number }>(
        `select a.id, a.kind, a.subject, answer_instant(a.due_at) as due_at, s.name as salesperson_name
         from ${ACTIVITY.from} where a.tenant_id = $1 order by ${ACTIVITY_LIST_LOADED_ORDER}`,
        [caller.tenantId],
      );
      return sortListRows<SortedActivity & { id: number }, ActivitySortKey>(rows, sort as ListSort<ActivitySortKey>, ACTIVITY_LIST_ORDER).map((row) => row.id);
    },
  },
  users: {
    header: USER_HEADER,
    cells: userCells,
    sql: () => `select u.id, u.name, u.email, ${USER.columns.role} as role, u.phone, u.mobile
          from users u
          where u.tenant_id = $1 and u.id > $2 and ${among('u', '$4')}
            and ($4::int[] is not null or $5::text is null or u.name ilike $5 or u.email ilike $5 or (${USER.columns.role}) ilike $5)
          order by u.id limit $3`,
    parameters: (query) => [containing(query.search)],
    sortKeys: [],
  },
};

const KIND_NAMES: Record<ExportKind, string> = { opportunities: 'Opportunities', customers: 'Customers', activities: 'Activities', users: 'Users' };

/** The list's sort the query names, or null; a column the kind's list does not sort by is refused. */
function sortOf(kind: ExportKind, query: ExportQuery): ListSort<string> | null {
  if (query.sort === undefined) return null;
  const { sortKeys } = SOURCES[kind];
  if (!sortKeys.includes(query.sort)) {
    const refusal =
      sortKeys.length === 0
        ? `come in the order they were created; they are not sorted by ${query.sort}.`
        : `are sorted by ${sortKeys.slice(0, -1).join(', ')} or ${sortKeys.at(-1)}, not by ${query.sort}.`;
    throw new HttpError(400, `${KIND_NAMES[kind]} ${refusal}`);
  }
  return { key: query.sort, direction: query.direction ?? 'descending' };
}

/**
 * The file's text in parts: the byte order mark and header, then one part per batch
 * of rows, each read after the last one written. A part is read only when the previous one has been taken, so
 * however many rows there are, one batch at a time is held (and, for a list that sorts in
 * the browser, the ids of its rows in its order). What can be refused (the sort, the time
 * zone) is refused before the first part: once the file has started, a refusal can no
 * longer be sent.
 */
export async function exportFile(db: Queryable, kind: ExportKind, caller: ExportCaller, query: ExportQuery, batchRows = EXPORT_BATCH_ROWS) {
  const source = SOURCES[kind];
  const sort = sortOf(kind, query);
  if (kind === 'opportunities') zoneOf(query);
  const order = sort && source.listOrder ? await source.listOrder(db, caller, query, sort) : null;
  return fileParts(db, source, caller, query, batchRows, order);
}

async function* fileParts(
  db: Queryable, source: ExportSource, caller: ExportCaller, query: ExportQuery, batchRows: number, order: readonly number[] | null,
): AsyncGenerator<string> {
  const ids = query.ids ? query.ids.split(',').map(Number) : null;
  const sql = source.sql(query);
  const read = (last: number, after: string | null, batch: readonly number[] | null) =>
    db.query<{ id: number; after?: string }>(sql, [caller.tenantId, last, batchRows, ids, ...source.parameters(query, caller, after, batch)]);
  // Chosen rows were chosen in the list: its search does not apply to them.
  const shown = (rows: readonly { id: number }[]) => (source.shows && ids === null ? rows.filter((row) => source.shows!(row, query)) : rows);
  yield BYTE_ORDER_MARK + csvRecord(source.header);
  if (order) {
    for (let at = 0; at < order.length; at += batchRows) {
      const batch = order.slice(at, at + batchRows);
      const byId = new Map((await read(0, null, batch)).map((row) => [row.id, row]));
      const rows = shown(batch.flatMap((id) => byId.get(id) ?? []));
      if (rows.length > 0) yield rows.map((row) => csvRecord(source.cells(row))).join('');
    }
    return;
  }
  for (let last: { id: number; after?: string } = { id: 0 }, first = true; ; first = false) {
    const rows = await read(last.id, first ? null : (last.after ?? null), null);
    const visible = shown(rows);
    if (visible.length > 0) yield visible.map((row) => csvRecord(source.cells(row))).join('');
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
    if (!mayExport(kind, caller.roleId)) throw forbidden(USER_EXPORT_REFUSAL);
    const file = await exportFile(db, kind, caller, request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(exportFileName(kind, new Date())))
      .header('Cache-Control', 'no-store')
      .send(Readable.from(file));
  });
}
