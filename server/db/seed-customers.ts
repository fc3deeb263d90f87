import type { Queryable } from './database.ts';

/**
 * The tenant's customers as records: one per name its opportunities use, plus any
 * prospects (customers without opportunities yet), each with a company, e-mail and
 * phone made from its name. Runs after the opportunities; deterministic without
 * drawing from the seed's random sequence, so the data seeded after it is unchanged.
 */
export async function seedCustomers(tx: Queryable, tenantId: number, prospects: readonly string[] = []): Promise<void> {
  const named = await tx.query<{ name: string }>(
    "select distinct customer as name from opportunities where tenant_id = $1 and customer <> '' order by customer",
    [tenantId],
  );
  const names = [...named.map((row) => row.name), ...prospects];
  const rows = names.map((name) => ({ name, ...detailsOf(name), notes: prospects.includes(name) ? PROSPECT_NOTE : '' }));
  await tx.query(
    `insert into customers (tenant_id, name, company, email, phone, notes)
     select $1, name, company, email, phone, notes from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) with ordinality
       as c(name, company, email, phone, notes, position)
     order by position
     on conflict (tenant_id, lower(name)) do nothing`,
    [tenantId, ...(['name', 'company', 'email', 'phone', 'notes'] as const).map((key) => rows.map((row) => row[key]))],
  );
}

const PROSPECT_NOTE = 'Prospect met at a trade fair; no opportunity yet.';
const LEGAL_FORMS = ['Inc.', 'GmbH', 'Ltd', 'LLC', 'AG', 'S.A.'];

/** A company, e-mail and phone number that follow from the name alone. */
export function detailsOf(name: string): { company: string; email: string; phone: string } {
  const hash = fnv1a(name);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'customer';
  return {
    company: `${name} ${LEGAL_FORMS[hash % LEGAL_FORMS.length]}`,
    email: `purchasing@${slug}.example`,
    phone: '+4940' + String(hash % 10_000_000).padStart(7, '0'),
  };
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
