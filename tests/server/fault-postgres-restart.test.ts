import { afterAll, beforeAll, expect, test } from 'vitest';
import { signInForAccessToken } from '../../bench/sign-in.ts';
import { DATABASE_UNREACHABLE } from '../../server/http/errors.ts';
import { startCluster, type Cluster } from '../support/postgres-cluster.ts';
import { DEMO_PASSWORD, seedInto } from '../support/seeded-template.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * "A lost database connection fails only the requests on it." The real server process
 * on a PostgreSQL cluster of its own takes opportunity saves and reads without pause
 * while PostgreSQL is restarted, fast and immediate by turns: the process stays up,
 * calls during the outage answer 503 in words, every acknowledged save is kept, and
 * the server serves again after each restart.
 */
const RESTARTS = 10;
const WRITERS = 4;
const SERVED_AGAIN_WITHIN_MS = 15_000;

let cluster: Cluster;
let databaseUrl: string;
let server: ServerProcess;
let token: string;
let salespersonId: number;

beforeAll(async () => {
  cluster = await startCluster();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('create database crm_restarts');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/crm_restarts';
  databaseUrl = url.toString();
  await seedInto({ databaseUrl, dataDir: '' });
  server = await startServerProcess({ DATABASE_URL: databaseUrl, CRM_SEED: 'none' });
  token = await signInForAccessToken(server.url, 'rep@demo.test', DEMO_PASSWORD);
  const [rep] = await rows<{ id: number }>("select s.id from salespersons s join users u on u.tenant_id = s.tenant_id and u.email = 'rep@demo.test' order by s.id limit 1");
  salespersonId = rep!.id;
});
afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
});

async function rows<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

interface Outcome {
  status: number;
  body: { id?: number; message?: string };
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Outcome> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Outcome['body'] };
}

test(`the server survives ${RESTARTS} PostgreSQL restarts under writers, losing no acknowledged save`, async () => {
  const acknowledged: number[] = [];
  const unavailable: string[] = [];
  const unexpected: string[] = [];
  let sent = 0;
  let stopping = false;

  const save = () =>
    call('POST', '/api/opportunities', {
      customer: `Restart Customer ${++sent}`,
      salesperson_id: salespersonId,
      stage: 'proposal',
      created_date: '2026-03-01T10:00:00Z',
      revenue: 1000,
      probability: 50,
    });
  const note = (what: string, outcome: Outcome) => {
    if (outcome.status === 503) unavailable.push(outcome.body.message ?? '');
    else unexpected.push(`${what}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
  };
  const writer = async () => {
    while (!stopping) {
      try {
        const outcome = await save();
        if (outcome.status === 201) acknowledged.push(outcome.body.id!);
        else note('save', outcome);
        // A read of what was just saved, through the pool as any list or figure is read.
        const latest = acknowledged.at(-1);
        if (latest !== undefined) {
          const read = await call('GET', `/api/opportunities/${latest}`);
          if (read.status !== 200) note('read', read);
        }
      } catch (error) {
        unexpected.push(`no answer: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);

  const servedAfter = async (count: number) => {
    const deadline = Date.now() + SERVED_AGAIN_WITHIN_MS;
    while (acknowledged.length < count + 3) {
      if (Date.now() > deadline) throw new Error(`no save acknowledged within ${SERVED_AGAIN_WITHIN_MS} ms of a restart:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    await servedAfter(0);
    for (let round = 0; round < RESTARTS; round++) {
      cluster.restart(round % 2 === 0 ? 'fast' : 'immediate');
      await servedAfter(acknowledged.length);
    }
  } finally {
    stopping = true;
    await Promise.all(writers);
  }

  expect(server.child.exitCode, server.output()).toBeNull();
  expect(server.child.signalCode).toBeNull();
  expect(unexpected).toEqual([]);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(new Set(unavailable)).toEqual(new Set([DATABASE_UNREACHABLE]));
  const kept = await rows<{ id: number }>('select id from opportunities where id = any($1::int[])', [acknowledged]);
  expect(kept.length).toBe(new Set(acknowledged).size);
}, 120_000);
