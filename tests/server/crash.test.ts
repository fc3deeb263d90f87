import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { createTestStorage, DEMO_PASSWORD, SEED_TODAY } from '../support/server-harness.ts';
import { startServerProcess } from '../support/server-process.ts';

/**
 * Issue 4: "an answered write survives a crash". The real server process takes
 * sign-ups as fast as it can; it is killed with SIGKILL while writes are in flight,
 * started again on the same data, and must know every sign-up it acknowledged.
 */
const PEOPLE = 400;
const CONCURRENCY = 6;
const WRITES_BEFORE_KILL = 25;

let storage: Awaited<ReturnType<typeof createTestStorage>>;
beforeAll(async () => {
  storage = await createTestStorage();
  const db = await openDatabase(storage.storage);
  await migrate(db);
  await seedDemoData(db, { demoPassword: DEMO_PASSWORD, today: SEED_TODAY });
  // CRM users without a sign-in account yet: each sign-up creates one.
  await db.query(
    `insert into users (tenant_id, name, email, role_id)
     select 1, 'Crash ' || n, 'crash' || n || '@demo.test', 3 from generate_series(1, $1::int) as n`,
    [PEOPLE],
  );
  await db.close();
});
afterAll(async () => {
  await storage.remove();
});

const signUp = (url: string, email: string) =>
  fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'crash-test-password' }),
  });

test('every sign-up acknowledged before a SIGKILL is there after the restart', async () => {
  const first = await startServerProcess(storage.env);
  const acknowledged: string[] = [];
  const emails = Array.from({ length: PEOPLE }, (_, i) => `crash${i + 1}@demo.test`);
  let next = 0;
  let killed = false;

  const writer = async () => {
    while (!killed && next < emails.length) {
      const email = emails[next++]!;
      try {
        const response = await signUp(first.url, email);
        if (response.status === 201) acknowledged.push(email);
        else if (!killed) throw new Error(`${email}: ${response.status} ${await response.text()}`);
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const writers = Array.from({ length: CONCURRENCY }, writer);
  while (acknowledged.length < WRITES_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 10));
  killed = true;
  await first.kill();
  await Promise.all(writers);
  expect(first.child.signalCode).toBe('SIGKILL');
  // Some writes were in flight when it died.
  expect(next).toBeGreaterThan(acknowledged.length);

  const second = await startServerProcess(storage.env);
  try {
    for (const email of acknowledged) {
      const response = await signUp(second.url, email);
      expect(await response.json(), email).toEqual({ message: 'User already exists', fields: { email: 'User already exists' } });
    }
    // And the restarted server still takes writes for those that never arrived.
    expect((await signUp(second.url, emails[emails.length - 1]!)).status).toBe(201);
  } finally {
    await second.stop();
  }
}, 120_000);
