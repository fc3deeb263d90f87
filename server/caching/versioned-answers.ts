import { createHmac, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { createGunzip, gzip } from 'node:zlib';
import negotiator from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';

const gzipped = promisify(gzip);

/** The tables whose writes move a tenant's data version (the baseline migration's triggers). */
export type DataSubject = 'opportunities' | 'customers';

export interface VersionedAnswer {
  tenantId: number;
  /** The tables the answer reads. */
  subjects: DataSubject[];
  /** Tells one tenant's answers apart, e.g. `analysis/2025`. */
  key: string;
  /** The answer as JSON text, read now. */
  make: () => Promise<string>;
}

export interface VersionedAnswers {
  /**
   * Sends the answer under the ETag of the versions of what it reads: 304 when the
   * client holds that version, else the copy made for it, else a new one.
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: VersionedAnswer): Promise<FastifyReply>;
}

interface Copy {
  etag: string;
  gzip: Buffer;
}

/**
 * The one in-process cache (server/caching/README.md): the year's answers, kept gzipped
 * under their tenant's data versions, bounded in bytes, least recently used going first.
 * A request reads the versions before anything else, so every write committed before it
 * (by any route, process or SQL session) is in its answer.
 */
export function createVersionedAnswers(db: Queryable, { maxBytes }: { maxBytes: number }): VersionedAnswers {
  // ETags are keyed hashes: their versions come from one sequence shared by all tenants,
  // and must not tell a tenant how often others write.
  const etagKey = randomBytes(32);
  const copies = new Map<string, Copy>();
  const making = new Map<string, Promise<Copy>>();
  let heldBytes = 0;

  function keep(name: string, copy: Copy): void {
    forget(name);
    if (copy.gzip.length > maxBytes) return;
    copies.set(name, copy);
    heldBytes += copy.gzip.length;
    for (const [oldest, held] of copies) {
      if (heldBytes <= maxBytes) break;
      copies.delete(oldest);
      heldBytes -= held.gzip.length;
    }
  }

  function forget(name: string): void {
    const held = copies.get(name);
    if (!held) return;
    copies.delete(name);
    heldBytes -= held.gzip.length;
  }

  async function copyOf(name: string, etag: string, answer: VersionedAnswer): Promise<Copy> {
    const held = copies.get(name);
    if (held?.etag === etag) {
      // Used again: it moves to the young end of the map.
      copies.delete(name);
      copies.set(name, held);
      return held;
    }
    const shared = making.get(etag);
    if (shared) return shared;
    const made = (async () => ({ etag, gzip: await gzipped(await answer.make()) }))();
    making.set(etag, made);
    try {
      const copy = await made;
      keep(name, copy);
      return copy;
    } finally {
      making.delete(etag);
    }
  }

  return {
    async send(request, reply, answer) {
      const version = await versionOf(db, answer.tenantId, answer.subjects);
      reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      // A subject never written has no version yet: nothing to name the answer by.
      if (version === undefined) return reply.send(await answer.make());
      const name = `${answer.tenantId}/${answer.key}`;
      const etag = `"${createHmac('sha256', etagKey).update(`${name}/${version}`).digest('base64url')}"`;
      reply.header('etag', etag);
      if (holdsEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const copy = await copyOf(name, etag, answer);
      if (negotiator.negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip') {
        return reply.header('content-encoding', 'gzip').send(copy.gzip);
      }
      // Decoded as the client reads, from the one copy: a client that stops reading holds
      // a stream's buffer, not an answer of its own.
      return reply.send(Readable.from([copy.gzip]).pipe(createGunzip()));
    },
  };
}

/** The versions of the subjects as one text, or undefined while one of them has none. */
async function versionOf(db: Queryable, tenantId: number, subjects: DataSubject[]): Promise<string | undefined> {
  const rows = await db.query<{ subject: string; version: string }>(
    'select subject, version::text as version from data_versions where tenant_id = $1 and subject = any($2::text[]) order by subject',
    [tenantId, subjects],
  );
  return rows.length === new Set(subjects).size ? rows.map((row) => `${row.subject}:${row.version}`).join(',') : undefined;
}

function holdsEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
