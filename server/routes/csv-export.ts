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

/** Rows per statement: each batch is written out before the next is read. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportQuery {
  year?: number;
  zone?: string;
  search?: string;
  stage?: string;
  mine?: boolean;
  view?: 'todo' | 'overdue' | 'done' | 'all';
  ids?: string;
}

/** Whose export it is: their tenant's rows, and their own for 'Mine'. */
export interface ExportCaller {
  tenantId: number;
  userId: number;
}

/**
 * One export: its header, its cells, and the statement reading a batch. Parameters:
 * $1 tenant, $2 the last id written (batches go by id), $3 batch size, $4 the search
 * pattern or null, $5 the chosen ids or null, then the kind's own.
 */
interface ExportSource {
  header: readonly string[];
  cells(row: any): CsvCell[];
  sql: string;
  parameters(query: ExportQuery, caller: ExportCaller): unknown[];
}

const chosen = (alias: string) => `($5::int[] is null or ${alias}.id = any($5::int[]))`;

// With ids, the list's filters do not apply: the rows were chosen in it.
const SOURCES: Record<ExportKind, ExportSource> = {
  opportunities: {
    header: OPPORTUNITY_HEADER,
    cells: opportunityCells,
    sql: `select o.id, to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD') as created_day, o.customer,
                 coalesce(s.name, '') as salesperson_name, coalesce(s.email, '') as salesperson_email, o.stage,
                 o.revenue::float8 as revenue, o.probability
          from opportunities o left join salespersons s on s.id = o.salesperson_id and s.tenant_id = o.tenant_id
          where o.tenant_id = $1 and o.id > $2 and ${chosen('o')}
            and ($5::int[] is not null or (
              ($6::int is null or (o.created_date >= make_timestamptz($6::int, 1, 1, 0, 0, 0, $7::text)
                                   and o.created_date < make_timestamptz($6::int + 1, 1, 1, 0, 0, 0, $7::text)))
              and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)
              and ($8::text is null or o.stage = $8)
              and (not $9::boolean or o.salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $10))))
          order by o.id limit $3`,
    parameters: (query, caller) => [query.year ?? null, zoneOf(query), query.stage || null, query.mine === true, caller.userId],
  },
  customers: {
    header: CUSTOMER_HEADER,
    cells: customerCells,
    sql: `select c.id, c.name, c.company, c.email, c.phone, c.notes, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_day
          from customers c
          where c.tenant_id = $1 and c.id > $2 and ${chosen('c')}
            and ($5::int[] is not null or $4::text is null or c.name ilike $4 or c.company ilike $4 or c.email ilike $4)
          order by c.id limit $3`,
    parameters: () => [],
  },
  activities: {
    header: ACTIVITY_HEADER,
    cells: activityCells,
    sql: `select a.id, ${instant('a.due_at')} as due_at, a.kind, a.subject, a.done, a.duration_minutes,
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
    sql: `select u.id, u.name, u.email, case u.role_id when 1 then 'Super Admin' when 2 then 'Admin' else 'User' end as role, u.phone, u.mobile
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
 * of rows read by id. A piece is read only when the previous one has been taken, so
 * however many rows there are, one batch at a time is held.
 */
export async function* exportPieces(db: Queryable, kind: ExportKind, caller: ExportCaller, query: ExportQuery, batchRows = EXPORT_BATCH_ROWS): AsyncGenerator<string> {
  const source = SOURCES[kind];
  const ids = query.ids ? query.ids.split(',').map(Number) : null;
  const parameters = [containing(query.search), ids, ...source.parameters(query, caller)];
  yield BYTE_ORDER_MARK + csvRecord(source.header);
  for (let after = 0; ; ) {
    const rows = await db.query<{ id: number }>(source.sql, [caller.tenantId, after, batchRows, ...parameters]);
    if (rows.length > 0) yield rows.map((row) => csvRecord(source.cells(row))).join('');
    if (rows.length < batchRows) return;
    after = rows.at(-1)!.id;
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
