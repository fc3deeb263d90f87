import type { Queryable } from './database.ts';

const DAY_MS = 86_400_000;

/** One demo event, placed relative to the first day of the current or previous month. */
interface EventTemplate {
  title: string;
  /** 0: the seeding month; -1: the month before. */
  monthOffset: 0 | -1;
  /** Day of that month (1-based), kept to 28 so every month has it. */
  day: number;
  /** UTC start time in minutes after midnight; null for an all-day event. */
  startMinute: number | null;
  /** Minutes for a timed event; days (at least 1) for an all-day one. */
  length: number;
  location: string;
  notes: string;
  /** Which of the tenant's salespersons it belongs to, by position; null for nobody. */
  salesperson: number | null;
}

const templates: EventTemplate[] = [
  { title: 'Kick-off with Acme Corp', monthOffset: -1, day: 3, startMinute: 9 * 60, length: 60, location: 'Acme HQ', notes: 'Bring the signed proposal.', salesperson: 0 },
  { title: 'Pipeline review', monthOffset: -1, day: 10, startMinute: 14 * 60, length: 90, location: 'Room 2', notes: '', salesperson: null },
  { title: 'Trade fair', monthOffset: -1, day: 17, startMinute: null, length: 3, location: 'Messe Berlin', notes: 'Booth B12.', salesperson: 1 },
  { title: 'Demo for Initech', monthOffset: 0, day: 2, startMinute: 10 * 60 + 30, length: 45, location: 'Video call', notes: '', salesperson: 2 },
  { title: 'Quarterly planning', monthOffset: 0, day: 5, startMinute: null, length: 1, location: '', notes: 'Whole team.', salesperson: null },
  { title: 'Contract negotiation with Hooli', monthOffset: 0, day: 9, startMinute: 13 * 60, length: 120, location: 'Hooli campus', notes: '', salesperson: 0 },
  { title: 'Lunch with Umbrella', monthOffset: 0, day: 12, startMinute: 12 * 60, length: 60, location: 'Café Central', notes: '', salesperson: 3 },
];

/**
 * A few meetings and appointments in the seeding month and the month before, the
 * same for the same `today`, so the calendar shows events on a fresh database.
 */
export async function seedCalendarEvents(tx: Queryable, tenantId: number, salespersonIds: readonly number[], today: Date): Promise<void> {
  const rows = templates.map((template) => {
    const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + template.monthOffset, template.day);
    const startsAt = template.startMinute === null ? dayStart : dayStart + template.startMinute * 60_000;
    const endsAt = template.startMinute === null ? dayStart + (template.length - 1) * DAY_MS : startsAt + template.length * 60_000;
    const salespersonId = template.salesperson === null ? null : (salespersonIds[template.salesperson % salespersonIds.length] ?? null);
    return {
      title: template.title,
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(endsAt).toISOString(),
      all_day: template.startMinute === null,
      location: template.location,
      salesperson_id: salespersonId,
      notes: template.notes,
    };
  });
  await tx.query(
    `insert into calendar_events (tenant_id, title, starts_at, ends_at, all_day, location, salesperson_id, notes)
     select $1, * from unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::boolean[], $6::text[], $7::int[], $8::text[])`,
    [tenantId, ...(['title', 'starts_at', 'ends_at', 'all_day', 'location', 'salesperson_id', 'notes'] as const).map((key) => rows.map((row) => row[key]))],
  );
}
