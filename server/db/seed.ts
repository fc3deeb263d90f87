import { hashPassword } from '../accounts/passwords.ts';
import { DEFAULT_STAGE_PROBABILITIES, PIPELINE_STAGES } from '../../src/domain/opportunities/pipeline.ts';
import { REQUIRED_CLIENT_ROLE } from '../../src/domain/session/tokens.ts';
import type { Database, Queryable } from './database.ts';
import { seedAttachments } from './seed-attachments.ts';
import { seedCustomers } from './seed-customers.ts';
import { seedActivities } from './seed-activities.ts';
import { seedCalendarEvents } from './seed-calendar.ts';

export interface SeedOptions {
  /** The password of every seeded sign-in account. */
  demoPassword: string;
  /** The last day opportunities are spread to (default: now). */
  today?: Date;
}

/**
 * The demo data, written only into an empty database and in one
 * transaction. Deterministic: the same `today` gives the same rows, so tests can
 * rely on them.
 *
 * - Demo: admin@demo.test (Super Admin, user id 1), manager@demo.test (Admin),
 *   rep@demo.test (User), further users to 25 in all (the list pages), salespersons
 *   in three teams, 1,500 opportunities from 2025-01-01 to today (none for the last
 *   salesperson, Wren Weber, who has no revenue);
 *   newhire@demo.test has no sign-in account yet (sign-up activates it).
 * - outsider@demo.test: a sign-in account without crm-access and no CRM user.
 * - Lapsed: expired@lapsed.test, subscription expired 30 days before today.
 * - Globex: admin@globex.test and its own users, salespersons and opportunities, in US dollars.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const [{ count }] = (await db.query<{ count: number }>('select count(*)::int as count from tenants')) as [{ count: number }];
  if (count > 0) return;
  const today = options.today ?? new Date();
  // argon2 is slow by design: one hash, shared by every seeded account.
  const passwordHash = await hashPassword(options.demoPassword);
  const random = mulberry32(20250101);

  await db.transaction(async (tx) => {
    const demo = await insertTenant(tx, 'Demo', null);
    const demoUsers = await insertUsers(tx, demo, demoPeople(random));
    await insertAccounts(tx, passwordHash, demoUsers.filter((u) => u.email !== 'newhire@demo.test').map((u) => u.email));
    await insertAccounts(tx, passwordHash, ['outsider@demo.test'], []);
    const demoSalesUsers = demoUsers.filter((u) => u.role_id !== 1 && u.email !== 'newhire@demo.test');
    const demoSales = await insertSalespersons(tx, demo, demoSalesUsers, today, random);
    await insertTeams(tx, demo, ['Enterprise', 'Mid-Market', 'Inside Sales'], demoSales);
    // The last salesperson (Wren Weber) is new: no opportunities yet, so the dashboard shows someone without revenue.
    await insertOpportunities(tx, demo, demoSales.slice(0, -1), 1500, today, random);
    await seedAttachments(tx, demo, today);
    await seedCustomers(tx, demo, ['Nakatomi Trading', 'Oceanic Airlines']);
    await seedActivities(tx, demo, demoSales, today);
    await seedCalendarEvents(tx, demo, demoSales, today);

    const globex = await insertTenant(tx, 'Globex', null, 'USD');
    const globexUsers = await insertUsers(tx, globex, globexPeople(random));
    await insertAccounts(tx, passwordHash, globexUsers.map((u) => u.email));
    const globexSales = await insertSalespersons(tx, globex, globexUsers.filter((u) => u.role_id !== 1), today, random);
    await insertTeams(tx, globex, ['Globex Sales'], globexSales);
    await insertOpportunities(tx, globex, globexSales, 300, today, random);
    await seedAttachments(tx, globex, today, 2);
    await seedCustomers(tx, globex);
    await seedActivities(tx, globex, globexSales, today);
    await seedCalendarEvents(tx, globex, globexSales, today);

    const lapsed = await insertTenant(tx, 'Lapsed', new Date(today.getTime() - 30 * DAY_MS));
    const lapsedUsers = await insertUsers(tx, lapsed, [person('Lee Lapsed', 'expired@lapsed.test', 1, random)]);
    await insertAccounts(tx, passwordHash, lapsedUsers.map((u) => u.email));
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DAY = Date.UTC(2025, 0, 1);

type Person = ReturnType<typeof person>;
type Inserted = Person & { id: number };

const firstNames = ['Jordan', 'Casey', 'Taylor', 'Jamie', 'Quinn', 'Avery', 'Parker', 'Rowan', 'Sasha', 'Devon', 'Emerson', 'Hayden', 'Kai', 'Logan', 'Marley', 'Noel', 'Peyton', 'Reese', 'Sage', 'Toby', 'Wren'];
const lastNames = ['Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Meyer', 'Novak', 'Olsen', 'Patel', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Weber'];
const customers = ['Acme Corp', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Soylent', 'Cyberdyne', 'Tyrell', 'Wonka', 'Vandelay', 'Pied Piper'];

function demoPeople(random: () => number): Person[] {
  const named = [
    person('Alex Admin', 'admin@demo.test', 1, random),
    person('Morgan Manager', 'manager@demo.test', 2, random),
    person('Riley Rep', 'rep@demo.test', 3, random),
  ];
  const others = firstNames.map((first, i) => {
    const last = lastNames[i]!;
    // Two more Admins among them, so the list shows every role.
    return person(`${first} ${last}`, `${first}.${last}@demo.test`.toLowerCase(), i % 10 === 4 ? 2 : 3, random);
  });
  return [...named, ...others, person('Nico Newhire', 'newhire@demo.test', 3, random)];
}

function globexPeople(random: () => number): Person[] {
  return [
    person('Gale Globex', 'admin@globex.test', 1, random),
    person('Olive Ops', 'ops@globex.test', 2, random),
    ...['Hank Scorpio', 'Mindy Simmons', 'Frank Grimes', 'Lurleen Lumpkin'].map((name) =>
      person(name, `${name.split(' ')[0]!.toLowerCase()}@globex.test`, 3, random),
    ),
  ];
}

function person(name: string, email: string, role_id: 1 | 2 | 3, random: () => number) {
  return { name, email, role_id, phone: phoneNumber('+4930', random), mobile: phoneNumber('+49151', random) };
}

function phoneNumber(prefix: string, random: () => number): string {
  return prefix + String(Math.floor(random() * 1e7)).padStart(7, '0');
}

/** Demo is a German team and keeps the euro default; Globex counts in dollars, so two currencies show. */
async function insertTenant(tx: Queryable, name: string, expiresAt: Date | null, currency = 'EUR'): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'insert into tenants (name, subscription_expires_at, currency) values ($1, $2, $3) returning id',
    [name, expiresAt?.toISOString() ?? null, currency],
  );
  return row!.id;
}

/** Ids follow the order given, so the first Demo user is user id 1 on an empty database. */
async function insertUsers(tx: Queryable, tenantId: number, people: Person[]): Promise<Inserted[]> {
  return tx.query<Inserted>(
    `insert into users (tenant_id, name, email, role_id, phone, mobile)
     select $1, name, email, role_id, phone, mobile
     from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[]) with ordinality
       as p(name, email, role_id, phone, mobile, position)
     order by position
     returning id, name, email, role_id, phone, mobile`,
    [tenantId, ...columnsOf(people, ['name', 'email', 'role_id', 'phone', 'mobile'])],
  ).then((rows) => rows.sort((a, b) => a.id - b.id));
}

async function insertAccounts(tx: Queryable, passwordHash: string, emails: string[], roles = [REQUIRED_CLIENT_ROLE]): Promise<void> {
  await tx.query(
    `insert into accounts (email, password_hash, client_roles)
     select email, $2, $3::text[] from unnest($1::text[]) as e(email)`,
    [emails, passwordHash, roles],
  );
}

async function insertSalespersons(tx: Queryable, tenantId: number, users: Inserted[], today: Date, random: () => number): Promise<number[]> {
  const lastLogins = users.map(() => new Date(today.getTime() - Math.floor(random() * 60) * DAY_MS - Math.floor(random() * DAY_MS)).toISOString());
  const rows = await tx.query<{ id: number }>(
    `insert into salespersons (tenant_id, user_id, name, email, phone, mobile, latest_login)
     select $1, user_id, name, email, phone, mobile, latest_login
     from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) with ordinality
       as s(user_id, name, email, phone, mobile, latest_login, position)
     order by position
     returning id`,
    [tenantId, users.map((u) => u.id), ...columnsOf(users, ['name', 'email', 'phone', 'mobile']), lastLogins],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Round-robin into the teams; every fifth salesperson also joins the next team, so some list two. */
async function insertTeams(tx: Queryable, tenantId: number, names: string[], salespersonIds: number[]): Promise<void> {
  const teams = await tx.query<{ id: number; name: string }>(
    `insert into teams (tenant_id, name) select $1, name from unnest($2::text[]) with ordinality as t(name, position)
     order by position returning id, name`,
    [tenantId, names],
  );
  const teamIds = names.map((name) => teams.find((team) => team.name === name)!.id);
  const pairs: Array<[number, number]> = [];
  salespersonIds.forEach((salespersonId, i) => {
    pairs.push([teamIds[i % teamIds.length]!, salespersonId]);
    if (i % 5 === 0 && teamIds.length > 1) pairs.push([teamIds[(i + 1) % teamIds.length]!, salespersonId]);
  });
  await tx.query('insert into team_members (tenant_id, team_id, salesperson_id) select $1, * from unnest($2::int[], $3::int[])', [
    tenantId,
    ...columnsOf(pairs, [0, 1]),
  ]);
}

async function insertOpportunities(tx: Queryable, tenantId: number, salespersonIds: number[], count: number, today: Date, random: () => number) {
  const span = Math.max(0, today.getTime() - FIRST_DAY);
  const rows = Array.from({ length: count }, () => {
    // One draw in 41 closes (won or lost); the others sit in an open stage. Every deal has
    // its stage's default probability, as a deal moved there on the board gets it.
    const closing = Math.round(random() * 20) * 5;
    const stage = closing === 100 ? 'closed won' : closing === 0 ? 'closed lost' : PIPELINE_STAGES[Math.floor(random() * 3)]!;
    return {
      salesperson_id: salespersonIds[Math.floor(random() * salespersonIds.length)]!,
      customer: customers[Math.floor(random() * customers.length)]!,
      stage,
      created_date: new Date(FIRST_DAY + Math.floor(random() * span)).toISOString(),
      // Mostly small deals, a few large ones.
      revenue: Math.round((500 + random() ** 3 * 99_500) * 100) / 100,
      probability: DEFAULT_STAGE_PROBABILITIES[stage]!,
    };
  });
  await tx.query(
    `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
     select $1, * from unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::numeric[], $7::int[])`,
    [tenantId, ...columnsOf(rows, ['salesperson_id', 'customer', 'stage', 'created_date', 'revenue', 'probability'])],
  );
}

function columnsOf<Row, Key extends keyof Row>(rows: Row[], keys: Key[]): Array<Array<Row[Key]>> {
  return keys.map((key) => rows.map((row) => row[key]));
}

/** A small, fast, seedable generator: the same seed gives the same demo data (and the bench the same people). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
