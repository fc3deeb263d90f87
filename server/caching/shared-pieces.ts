/**
 * The pieces of the year answers one server process made, shared with the other processes on
 * the same PostgreSQL (migration 185). Each process keeps its own copies (year-answers.ts), so
 * after a save every process that was asked read the changed month and compressed it again; now
 * the first to make it stores it, under the version of its month it read before reading the
 * month, and the others take it (some 130 KB of a month's analysis, deflated) while that version
 * is still the month's. A piece is never stored under version 0 (a month without a version):
 * TRUNCATE forgets every version, so 0 could come back while a piece stored under it held rows
 * since removed; versions themselves come from a sequence and never come back.
 *
 * Bounded in rows, as each process's own copies are in bytes: a piece is named by its tenant,
 * answer, year and (for the days and the sums) time zone, so a caller asking year after year in
 * zone after zone would otherwise store pieces without end. Each store lets go of the least
 * recently stored beyond the bound.
 *
 * Only on PostgreSQL: PGlite's data directory belongs to one process, which keeps its pieces.
 */
import type { Database, Queryable } from '../db/database.ts';

/** A piece as stored: its bytes, and for a deflated one its text's CRC-32 and length. */
export interface SharedPiece {
  body: Buffer;
  crc: number | null;
  length: number | null;
}

export interface SharedPieces {
  /** The piece stored under `name` for the tenant when it is of `version`. */
  take(tenantId: number, name: string, version: string): Promise<SharedPiece | undefined>;
  /** Stores the piece for the others unless one of a newer version is stored already. */
  store(tenantId: number, name: string, version: string, piece: SharedPiece): Promise<void>;
}

/** The shared pieces of the database's processes, or none where only one process can open it (PGlite). */
export function sharedPiecesOf(db: Database): SharedPieces | undefined {
  return db.kind === 'postgres' ? sharedPieces(db) : undefined;
}

// On the bench tenant some 130 KB for a month of its analysis, 140 KB of its customers' sums: at most about 140 MB.
const MAX_PIECES = 1024;

export function sharedPieces(db: Queryable, { maxPieces = MAX_PIECES }: { maxPieces?: number } = {}): SharedPieces {
  return {
    async take(tenantId, name, version) {
      if (version === '0') return undefined;
      const [row] = await db.query<{ body: Uint8Array; crc: string | null; text_length: string | null }>(
        'select body, crc, text_length from shared_year_pieces where tenant_id = $1 and name = $2 and version = $3',
        [tenantId, name, version],
      );
      // node-postgres gives a Buffer, PGlite a Uint8Array: the same bytes, not copied.
      return row ? { body: Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength), crc: row.crc === null ? null : Number(row.crc), length: row.text_length === null ? null : Number(row.text_length) } : undefined;
    },
    async store(tenantId, name, version, piece) {
      if (version === '0') return;
      // One statement: the delete sees the table as it was before this insert, so it keeps the bound and one more.
      await db.query(
        `with upserted as (
           insert into shared_year_pieces (tenant_id, name, version, body, crc, text_length) values ($1, $2, $3, $4, $5, $6)
           on conflict (tenant_id, name) do update
             set version = excluded.version, body = excluded.body, crc = excluded.crc, text_length = excluded.text_length, stored = excluded.stored
           where shared_year_pieces.version < excluded.version
         )
         delete from shared_year_pieces where (tenant_id, name) in (select tenant_id, name from shared_year_pieces order by stored desc offset $7)`,
        [tenantId, name, version, piece.body, piece.crc, piece.length, maxPieces],
      );
    },
  };
}
