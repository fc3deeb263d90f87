/**
 * The version of each tenant's data (migration 007), known in memory: the database
 * announces every bump on the channel data_versions (migration 009), and a write of
 * this process is announced before it resolves. While the announcements cannot be
 * trusted (not yet listening, or the listening connection was lost) every question
 * goes to the database instead, as it did before there was a channel; meanwhile the
 * server listens again, with a growing pause between attempts.
 */
import type { Database, Listening } from '../db/database.ts';

/** What a cached answer (or a remembered caller) is made of; one version of each per tenant. */
export type DataSubject = 'users' | 'opportunities' | 'tenants';

export interface DataVersions {
  /**
   * The version as of every write committed before this call, or undefined when the
   * tenant has none (then nothing made from it may be kept).
   */
  current(tenantId: number, subject: DataSubject): Promise<string | undefined>;
  /**
   * Moves whenever a version may have moved, including when the versions stop or start
   * being known in memory: a read that starts and ends with the same count saw no write
   * land while it ran, and the versions `current` gives after it are those of its data.
   */
  changeCount(): number;
  /** Whether the versions are known in memory now (else each `current` asks the database). */
  isLive(): boolean;
  /**
   * What `current` would answer, without waiting, while the versions are known in
   * memory (`isLive()`); meaningless otherwise. For the paths every request takes.
   */
  peek(tenantId: number, subject: DataSubject): string | undefined;
  stop(): Promise<void>;
}

const DATA_VERSIONS_CHANNEL = 'data_versions';
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 30_000;
// Tries to read the whole table between two announcements before giving up for a while.
const LOAD_ATTEMPTS = 5;

const slotOf = (tenantId: number, subject: string) => `${tenantId}/${subject}`;

export async function watchDataVersions(db: Database, { firstRetryMs = FIRST_RETRY_MS } = {}): Promise<DataVersions> {
  // Subject, then tenant: the lookup every request makes builds no key.
  const known = new Map<string, Map<number, string>>();
  const tenantsOf = (subject: string) => {
    let tenants = known.get(subject);
    if (!tenants) known.set(subject, (tenants = new Map()));
    return tenants;
  };
  let live = false;
  let changes = 0;
  let listening: Listening | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  // Counts only what moves a version: the same announcement reaches several connections,
  // and a repeat must not make a read look as if a write had landed during it. A forget
  // always counts (it is rare, and while the versions are read there is nothing yet to
  // delete, though the read may hold what it forgets).
  const apply = (payload: string) => {
    const [first, subject, version] = payload.split(' ');
    if (first === 'forget') {
      if (subject) known.delete(subject);
      changes += 1;
      return;
    }
    if (!first || !subject || !version) return;
    const tenants = tenantsOf(subject);
    const tenantId = Number(first);
    const held = tenants.get(tenantId);
    if (held !== undefined && BigInt(version) <= BigInt(held)) return;
    tenants.set(tenantId, version);
    changes += 1;
  };

  const goDown = () => {
    live = false;
    changes += 1;
    known.clear();
  };

  const loadAll = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < LOAD_ATTEMPTS; attempt += 1) {
      const before = changes;
      const rows = await db.query<{ tenant_id: number; subject: string; version: number | string }>(
        'select tenant_id, subject, version from data_versions',
      );
      // An announcement during the read may be older or newer than the read: read again.
      if (changes !== before) continue;
      known.clear();
      for (const row of rows) tenantsOf(row.subject).set(row.tenant_id, String(row.version));
      return true;
    }
    return false;
  };

  const start = async (retryMs: number): Promise<void> => {
    if (stopped) return;
    let opened: Listening | undefined;
    let interrupted = false;
    try {
      opened = await db.listen(DATA_VERSIONS_CHANNEL, apply, () => {
        interrupted = true;
        if (listening !== opened) return; // still starting: the start sees it
        listening = undefined;
        goDown();
        scheduleStart(firstRetryMs);
      });
      if (!(await loadAll())) throw new Error('The versions kept changing while they were read');
      if (interrupted || stopped) throw new Error('Stopped listening while the versions were read');
      listening = opened;
      changes += 1;
      live = true;
    } catch {
      await opened?.stop().catch(() => {});
      scheduleStart(Math.min(retryMs * 2, LONGEST_RETRY_MS));
    }
  };
  const scheduleStart = (retryMs: number) => {
    if (stopped) return;
    retryTimer = setTimeout(() => void start(retryMs), retryMs);
    retryTimer.unref();
  };

  const fromDatabase = databaseReads(db);
  await start(firstRetryMs);

  return {
    async current(tenantId, subject) {
      return live ? known.get(subject)?.get(tenantId) : fromDatabase(tenantId, subject);
    },
    changeCount: () => changes,
    isLive: () => live,
    peek: (tenantId, subject) => known.get(subject)?.get(tenantId),
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      goDown();
      await listening?.stop();
    },
  };
}

/**
 * Asking the database, for when the versions are not known in memory. Concurrent
 * questions share reads: one runs at a time per tenant and subject, and every question
 * asked while it runs waits for the next one, which they all share, so each answer
 * includes every write committed before its question.
 */
function databaseReads(db: Database): (tenantId: number, subject: DataSubject) => Promise<string | undefined> {
  const running = new Map<string, Promise<string | undefined>>();
  const queued = new Map<string, Promise<string | undefined>>();
  const read = async (tenantId: number, subject: DataSubject) => {
    const [row] = await db.query<{ version: number | string }>('select version from data_versions where tenant_id = $1 and subject = $2', [
      tenantId,
      subject,
    ]);
    return row === undefined ? undefined : String(row.version);
  };
  return (tenantId, subject) => {
    const slot = slotOf(tenantId, subject);
    const waiting = queued.get(slot);
    if (waiting) return waiting;
    const begin = () => {
      const reading = read(tenantId, subject).finally(() => running.delete(slot));
      running.set(slot, reading);
      return reading;
    };
    const current = running.get(slot);
    if (!current) return begin();
    const next = current
      .catch(() => undefined)
      .then(() => {
        queued.delete(slot);
        return begin();
      });
    queued.set(slot, next);
    return next;
  };
}
