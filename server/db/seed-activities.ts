import type { Queryable } from './database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type Kind = 'call' | 'meeting' | 'email' | 'task' | 'deadline';

interface Plan {
  kind: Kind;
  /** The subject, or one per salesperson in turn, so that a list of many reads as many. */
  subject: string | readonly string[];
  /** Whole days from the seed's today (negative: in the past). */
  day: number;
  /** The hour of that UTC day. */
  hour: number;
  duration: number | null;
  done: boolean;
  /** About one of the salesperson's opportunities, whose customer ends the subject. */
  aboutOpportunity: boolean;
  notes: string;
}

const TASKS = ['Update the forecast sheet', 'Prepare the pipeline review', 'Clean up stale deals', 'Refresh the price list', 'Write the account plan']
  .concat('Check the forecast against last quarter');
const CALLS = ['Follow-up call', 'Reference call', 'Check-in call', 'Renewal call', 'Introduction call'];

// Per salesperson: two done, two overdue (past and not done), two upcoming, so
// every filter of the activity list has something to show on any day.
const plans: readonly Plan[] = [
  { kind: 'call', subject: 'Discovery call with', day: -12, hour: 9, duration: 30, done: true, aboutOpportunity: true, notes: 'Budget confirmed; send the proposal.' },
  { kind: 'email', subject: 'Send the proposal to', day: -8, hour: 14, duration: null, done: true, aboutOpportunity: true, notes: '' },
  { kind: 'task', subject: TASKS, day: -4, hour: 10, duration: 45, done: false, aboutOpportunity: false, notes: 'Include the new quarter.' },
  { kind: 'deadline', subject: 'Contract signature due from', day: -1, hour: 16, duration: null, done: false, aboutOpportunity: true, notes: '' },
  { kind: 'meeting', subject: 'Quarterly review with', day: 2, hour: 11, duration: 60, done: false, aboutOpportunity: true, notes: 'Bring the usage figures.' },
  { kind: 'call', subject: CALLS, day: 6, hour: 15, duration: 15, done: false, aboutOpportunity: false, notes: '' },
];

const COLUMNS = ['kind', 'subject', 'due_at', 'duration_minutes', 'done', 'salesperson_id', 'opportunity_id', 'notes'] as const;

/**
 * A deterministic handful of activities for each salesperson of a tenant, placed
 * around `today`: the same `today` gives the same rows. Each one that is about an
 * opportunity links the salesperson's own, taking them newest first.
 */
export async function seedActivities(tx: Queryable, tenantId: number, salespersonIds: number[], today: Date): Promise<void> {
  const opportunities = await tx.query<{ id: number; salesperson_id: number; customer: string }>(
    'select id, salesperson_id, customer from opportunities where tenant_id = $1 order by created_date desc, id desc',
    [tenantId],
  );
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const rows = salespersonIds.flatMap((salespersonId, index) => {
    const own = opportunities.filter((opportunity) => opportunity.salesperson_id === salespersonId);
    let next = 0;
    return plans.map((plan) => {
      const opportunity = plan.aboutOpportunity ? own[next++] : undefined;
      const subject = typeof plan.subject === 'string' ? plan.subject : plan.subject[index % plan.subject.length]!;
      return {
        kind: plan.kind,
        subject: opportunity ? `${subject} ${opportunity.customer}` : subject,
        // Salespersons' days are staggered by an hour so the list is not in lockstep.
        due_at: new Date(midnight + plan.day * DAY_MS + (plan.hour + (index % 3)) * HOUR_MS).toISOString(),
        duration_minutes: plan.duration,
        done: plan.done,
        salesperson_id: salespersonId,
        opportunity_id: opportunity?.id ?? null,
        notes: plan.notes,
      };
    });
  });
  await tx.query(
    `insert into activities (tenant_id, kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes)
     select $1, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::boolean[], $7::int[], $8::int[], $9::text[])`,
    [tenantId, ...COLUMNS.map((key) => rows.map((row) => row[key]))],
  );
}
