import { createHash } from 'node:crypto';
import type { Queryable } from './database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoFile {
  fileName: string;
  mediaType: string;
  note: string;
  /** Whether it is linked to one of the tenant's opportunities. */
  linked: boolean;
  body(context: { customer: string; uploader: string }): string;
}

// A few small files a salesperson keeps from e-mail: quotes, a contract, a spec. Each
// names its uploader, so a test that finds a name in another tenant's answer notices.
const demoFiles: DemoFile[] = [
  {
    fileName: 'Quote Q-1001.txt',
    mediaType: 'text/plain',
    note: 'Sent with the first proposal',
    linked: true,
    body: ({ customer, uploader }) => `Quote Q-1001 for ${customer}\n\n10 seats, annual licence: 12,000.00\nValid for 30 days.\nPrepared by ${uploader}\n`,
  },
  {
    fileName: 'Master services agreement.pdf',
    mediaType: 'application/pdf',
    note: 'Signed copy returned by the customer',
    linked: true,
    body: ({ customer, uploader }) => minimalPdf(`Master services agreement with ${customer}, uploaded by ${uploader}`),
  },
  {
    fileName: 'Requirements – phase 2.txt',
    mediaType: 'text/plain',
    note: '',
    linked: true,
    body: ({ customer, uploader }) => `Phase 2 requirements from ${customer}\n- single sign-on\n- export to CSV\nForwarded by ${uploader}\n`,
  },
  {
    fileName: 'Price list 2026.csv',
    mediaType: 'text/csv',
    note: 'Current list prices, for any quote',
    linked: false,
    body: ({ uploader }) => `product,price\nStarter,49\nTeam,199\nEnterprise,999\n# kept by ${uploader}\n`,
  },
];

/**
 * The demo e-mail attachments of one tenant: the first `count` of the files above,
 * uploaded by the tenant's users in turn over the days before `today`, the linked
 * ones on the tenant's earliest opportunities. Deterministic, like the rest of the seed.
 */
export async function seedAttachments(tx: Queryable, tenantId: number, today: Date, count = demoFiles.length): Promise<void> {
  const users = await tx.query<{ id: number; name: string }>('select id, name from users where tenant_id = $1 order by id', [tenantId]);
  const opportunities = await tx.query<{ id: number; customer: string }>(
    'select id, customer from opportunities where tenant_id = $1 order by created_date, id limit $2',
    [tenantId, demoFiles.length],
  );
  if (users.length === 0) return;
  for (const [index, file] of demoFiles.slice(0, count).entries()) {
    const uploader = users[index % users.length]!;
    const opportunity = file.linked ? opportunities[index % Math.max(opportunities.length, 1)] : undefined;
    const content = Buffer.from(file.body({ customer: opportunity?.customer ?? 'our customers', uploader: uploader.name }), 'utf8');
    const sha256 = createHash('sha256').update(content).digest('hex');
    const createdAt = new Date(today.getTime() - (demoFiles.length - index) * DAY_MS).toISOString();
    await tx.query(
      `insert into attachments (tenant_id, file_name, media_type, size_bytes, content, sha256, opportunity_id, uploaded_by, note, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [tenantId, file.fileName, file.mediaType, content.length, content, sha256, opportunity?.id ?? null, uploader.id, file.note, createdAt],
    );
  }
}

/** A one-page PDF with one line of text: small, valid, and the same every time. */
function minimalPdf(text: string): string {
  const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}
