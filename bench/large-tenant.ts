/**
 * The tenants the benchmarks run against, written straight into the database before
 * the server starts, in SQL with a fixed seed, so that every run measures the same data.
 * Two sizes of one generator: a sales floor (10,000 users, each with a sign-in account as
 * in real use, 500 salespersons, 100,000 opportunities this year and 50,000 the year
 * before), which PostgreSQL serves to 500 people and the browser's figures are measured on;
 * and a team (25 salespersons, 20,000 opportunities a year), which PGlite serves to 25.
 */
import { hashPassword } from '../server/accounts/passwords.ts';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData } from '../server/db/seed.ts';

export const BENCH_TENANT = 'Bench';
export const BENCH_ADMIN_EMAIL = 'admin@bench.test';
export const BENCH_PASSWORD = 'bench-password';

/** How much a bench tenant holds. */
export interface TenantSize {
  /** Users, each with a sign-in account: user 1 is the Super Admin, every 20th an Admin, the rest Users. */
  users: number;
  /** Salespersons, made of the first Users. */
  salespersons: number;
  /** Opportunities of the current year: the dashboard's default year. */
  currentYearOpportunities: number;
  /** Opportunities of the year before: what the analysis endpoint is measured on. */
  previousYearOpportunities: number;
  /** The customers the opportunities name ('Customer 0', 'Customer 1', …). */
  customers: number;
  /** Activities (calls, meetings, …) this year. */
  activities: number;
  /** Calendar events this year. */
  calendarEvents: number;
}

/** A sales floor: the tenant of the 500 people on PostgreSQL and of the browser's figures. */
export const SALES_FLOOR: TenantSize = {
  users: 10_000,
  salespersons: 500,
  currentYearOpportunities: 100_000,
  previousYearOpportunities: 50_000,
  customers: 997,
  // Ten per salesperson, and four events each.
  activities: 5_000,
  calendarEvents: 2_000,
};

/** A team: the tenant of the 25 people on PGlite, the embedded database's intended use. */
export const TEAM: TenantSize = {
  // Enough for the team's managers, who are Admins at every 20th user.
  users: 100,
  salespersons: 25,
  currentYearOpportunities: 20_000,
  previousYearOpportunities: 20_000,
  customers: 500,
  activities: 250,
  calendarEvents: 100,
};

export interface LargeTenant {
  tenantId: number;
  currentYear: number;
  previousYear: number;
  size: TenantSize;
  /** Every opportunity of the current year, read here so the load bench never asks the server for them. */
  opportunityIds: number[];
}

/** Migrates, seeds the demo data, and adds the bench tenant of this size unless it is there already. */
export async function prepareLargeTenant(db: Database, size: TenantSize, { today = new Date() }: { today?: Date } = {}): Promise<LargeTenant> {
  await migrate(db);
  await seedDemoData(db, { demoPassword: 'demo-password', today });
  const currentYear = today.getFullYear();
  const previousYear = currentYear - 1;
  const [existing] = await db.query<{ id: number }>('select id from tenants where name = $1', [BENCH_TENANT]);
  if (existing) return { tenantId: existing.id, currentYear, previousYear, size, opportunityIds: await opportunityIdsOf(db, existing.id, currentYear) };

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tenantId = await db.transaction(async (tx) => {
    await tx.query('select setseed(0.42)');
    const [tenant] = await tx.query<{ id: number }>('insert into tenants (name) values ($1) returning id', [BENCH_TENANT]);
    const id = tenant!.id;
    // User 1 of the tenant is its Super Admin; every 20th is an Admin, the rest Users.
    await tx.query(
      `insert into users (tenant_id, name, email, role_id, phone, mobile)
       select $1,
              case when n = 1 then 'Bench Admin' else 'Person ' || lpad(n::text, 5, '0') end,
              case when n = 1 then $2 else 'person' || n || '@bench.test' end,
              case when n = 1 then 1 when n % 20 = 0 then 2 else 3 end,
              '+4930' || lpad((n * 7919 % 10000000)::text, 7, '0'),
              '+49151' || lpad((n * 104729 % 10000000)::text, 7, '0')
       from generate_series(1, $3::int) as n
       order by n`,
      [id, BENCH_ADMIN_EMAIL, size.users],
    );
    await tx.query(
      `insert into accounts (email, password_hash, client_roles)
       select email, $2, array['crm-access'] from users where tenant_id = $1`,
      [id, passwordHash],
    );
    await tx.query(
      `insert into salespersons (tenant_id, user_id, name, email, phone, mobile, latest_login)
       select tenant_id, id, name, email, phone, mobile, now() - random() * interval '60 days'
       from users where tenant_id = $1 and role_id = 3 order by id limit $2`,
      [id, size.salespersons],
    );
    await insertOpportunities(tx, id, size.currentYearOpportunities, size.customers, new Date(currentYear, 0, 1), today);
    await insertOpportunities(tx, id, size.previousYearOpportunities, size.customers, new Date(previousYear, 0, 1), new Date(currentYear, 0, 1));
    await insertCustomersActivitiesAndEvents(tx, id, size, new Date(currentYear, 0, 1), today);
    return id;
  });
  await db.query('analyze');
  return { tenantId, currentYear, previousYear, size, opportunityIds: await opportunityIdsOf(db, tenantId, currentYear) };
}

async function opportunityIdsOf(db: Pick<Database, 'query'>, tenantId: number, year: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from opportunities where tenant_id = $1
       and created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC')
     order by id`,
    [tenantId, year],
  );
  return rows.map((row) => row.id);
}

/**
 * Written in the order they were created, as a tenant's opportunities reach the table
 * in real use (each as it is entered): a year is then read from neighbouring pages,
 * not from a page per opportunity as when the dates were drawn in random order.
 */
async function insertOpportunities(tx: Pick<Database, 'query'>, tenantId: number, count: number, customers: number, from: Date, to: Date): Promise<void> {
  await tx.query(
    `with sales as (select array_agg(id order by id) as ids from salespersons where tenant_id = $1)
     insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
     select tenant_id, salesperson_id, customer, stage, created_date, revenue, probability from (
       select $1::int as tenant_id,
              sales.ids[1 + floor(random() * array_length(sales.ids, 1))::int] as salesperson_id,
              'Customer ' || (n % $5::int) as customer,
              (array['qualification', 'proposal', 'negotiation', 'closed won', 'closed lost'])[1 + n % 5] as stage,
              $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz) as created_date,
              round((500 + power(random(), 3) * 99500)::numeric, 2) as revenue,
              (n % 21) * 5 as probability
       from generate_series(1, $2::int) as n, sales
     ) as drawn
     order by created_date`,
    [tenantId, count, from.toISOString(), to.toISOString(), customers],
  );
}

/** What the lists other than opportunities show, so the load bench's people find something there. */
async function insertCustomersActivitiesAndEvents(tx: Pick<Database, 'query'>, tenantId: number, size: TenantSize, from: Date, to: Date): Promise<void> {
  await tx.query(
    `insert into customers (tenant_id, name, company, email)
     select $1, 'Customer ' || n, 'Company ' || n, 'customer' || n || '@bench.test' from generate_series(0, $2::int - 1) as n`,
    [tenantId, size.customers],
  );
  await tx.query(
    `with sales as (select array_agg(id order by id) as ids from salespersons where tenant_id = $1)
     insert into activities (tenant_id, kind, subject, due_at, duration_minutes, done, salesperson_id)
     select $1, (array['call', 'meeting', 'email', 'task', 'deadline'])[1 + n % 5], 'Follow-up ' || n,
            $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz), 30, n % 3 = 0,
            sales.ids[1 + n % array_length(sales.ids, 1)]
     from generate_series(1, $2::int) as n, sales`,
    [tenantId, size.activities, from.toISOString(), to.toISOString()],
  );
  await tx.query(
    `with sales as (select array_agg(id order by id) as ids from salespersons where tenant_id = $1)
     insert into calendar_events (tenant_id, title, starts_at, ends_at, salesperson_id)
     select $1, 'Meeting ' || n, starts, starts + interval '1 hour', sales.ids[1 + n % array_length(sales.ids, 1)]
     from (select n, $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz) as starts from generate_series(1, $2::int) as n) as events, sales`,
    [tenantId, size.calendarEvents, from.toISOString(), to.toISOString()],
  );
}
