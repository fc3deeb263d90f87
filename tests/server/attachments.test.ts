import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from '../../src/domain/attachments/rules.ts';
import { expectRefusal } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const DEMO = 1;
const attachmentKeys = [
  'created_at',
  'file_name',
  'id',
  'media_type',
  'note',
  'opportunity_customer',
  'opportunity_id',
  'sha256',
  'size_bytes',
  'uploaded_by',
  'uploaded_by_name',
];

/** Every byte value, several times over, so no encoding step can pass by luck. */
const everyByte = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7 + 3) % 256));

async function upload(email: string, fields: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: await server.as(email),
    payload: { file_name: 'file.bin', media_type: 'application/octet-stream', content_base64: everyByte.toString('base64'), ...fields },
  });
}

async function download(email: string, id: number, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: `/api/attachments/${id}/content`, headers: { ...(await server.as(email)), ...headers } });
}

async function list(email: string, tenantId = DEMO) {
  return server.app.inject({ method: 'GET', url: `/api/attachments/getAllData/${tenantId}`, headers: await server.as(email) });
}

async function remove(email: string, id: number) {
  return server.app.inject({ method: 'DELETE', url: `/api/attachments/${id}`, headers: await server.as(email) });
}

async function storedRows(tenantId: number) {
  return server.db.query('select * from attachments where tenant_id = $1 order by id', [tenantId]);
}

async function idsOf(tenantName: string): Promise<number[]> {
  const rows = await server.db.query<{ id: number }>(
    'select a.id from attachments a join tenants t on t.id = a.tenant_id where t.name = $1 order by a.id',
    [tenantName],
  );
  return rows.map((row) => row.id);
}

describe('the demo data', () => {
  test('holds a few small files per tenant, some linked to an opportunity', async () => {
    const demo = (await list('rep@demo.test')).json() as Array<{ file_name: string; opportunity_customer: string | null; size_bytes: number }>;
    expect(demo.map((a) => a.file_name).sort()).toEqual(['Master services agreement.pdf', 'Price list 2026.csv', 'Quote Q-1001.txt', 'Requirements – phase 2.txt']);
    expect(demo.filter((a) => a.opportunity_customer !== null)).toHaveLength(3);
    expect(demo.every((a) => a.size_bytes > 0 && a.size_bytes < 4096)).toBe(true);
    expect(await idsOf('Globex')).toHaveLength(2);
  });
});

describe('POST /api/attachments then GET …/content', () => {
  test('gives back exactly the bytes uploaded, as a download that is never rendered', async () => {
    const created = await upload('rep@demo.test', { file_name: 'every byte.bin', note: 'Round trip' });
    expect(created.statusCode).toBe(201);
    const attachment = created.json();
    expect(Object.keys(attachment).sort()).toEqual(attachmentKeys);
    expect(attachment).toMatchObject({
      file_name: 'every byte.bin',
      media_type: 'application/octet-stream',
      size_bytes: everyByte.length,
      sha256: createHash('sha256').update(everyByte).digest('hex'),
      opportunity_id: null,
      opportunity_customer: null,
      uploaded_by: 3,
      uploaded_by_name: 'Riley Rep',
      note: 'Round trip',
    });

    const response = await download('manager@demo.test', attachment.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(everyByte)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="every byte.bin"; filename*=UTF-8''every%20byte.bin`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');
  });

  test('sends the bytes uncompressed even to a client that accepts gzip and br', async () => {
    const text = Buffer.from('compressible '.repeat(2000));
    const { id } = (await upload('rep@demo.test', { file_name: 'notes.txt', media_type: 'text/plain', content_base64: text.toString('base64') })).json();
    const response = await download('rep@demo.test', id, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(text)).toBe(true);
  });

  test('names a non-ASCII file exactly in filename* and safely in the plain filename', async () => {
    const { id } = (await upload('rep@demo.test', { file_name: 'Angebot "Müller" (final)’s.pdf' })).json();
    const disposition = (await download('rep@demo.test', id)).headers['content-disposition'] as string;
    expect(disposition).toBe(
      `attachment; filename="Angebot _M_ller_ (final)_s.pdf"; filename*=UTF-8''Angebot%20%22M%C3%BCller%22%20%28final%29%E2%80%99s.pdf`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Angebot "Müller" (final)’s.pdf');
  });

  test('stores an empty media type as application/octet-stream', async () => {
    const created = await upload('rep@demo.test', { file_name: 'unknown', media_type: '' });
    expect(created.json().media_type).toBe('application/octet-stream');
  });

  test('links the file to an opportunity of the tenant and lists its customer', async () => {
    const [opportunity] = await server.db.query<{ id: number; customer: string }>('select id, customer from opportunities where tenant_id = 1 order by id desc limit 1');
    const created = await upload('rep@demo.test', { file_name: 'linked.pdf', opportunity_id: opportunity!.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ opportunity_id: opportunity!.id, opportunity_customer: opportunity!.customer });
  });
});

describe('the 5 MB limit', () => {
  test('keeps a file of exactly 5 MB, bytes intact', async () => {
    const largest = Buffer.alloc(MAX_ATTACHMENT_BYTES, 0xa5);
    largest[0] = 0;
    largest[MAX_ATTACHMENT_BYTES - 1] = 0xff;
    const created = await upload('rep@demo.test', { file_name: 'largest.bin', content_base64: largest.toString('base64') });
    expect(created.statusCode).toBe(201);
    expect(created.json().size_bytes).toBe(MAX_ATTACHMENT_BYTES);
    expect((await download('rep@demo.test', created.json().id)).rawPayload.equals(largest)).toBe(true);
  });

  test("refuses one byte more with 413 'The file is larger than 5 MB.', storing nothing", async () => {
    const before = await storedRows(DEMO);
    const response = await upload('rep@demo.test', { file_name: 'too large.bin', content_base64: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1).toString('base64') });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: FILE_TOO_LARGE_MESSAGE });
    expect(await storedRows(DEMO)).toHaveLength(before.length);
  });

  test('refuses a request body far above the limit with the same message', async () => {
    const response = await upload('rep@demo.test', { file_name: 'huge.bin', content_base64: Buffer.alloc(8 * 1024 * 1024).toString('base64') });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: FILE_TOO_LARGE_MESSAGE });
  });

  test('leaves the 1 MB limit of every other route as it was', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/teams/searchTeam',
      headers: await server.as('rep@demo.test'),
      payload: { salespersonId: 1, padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is larger than 1 MB' });
  });
});

describe('refusals of a bad upload, each naming the field', () => {
  test.each([
    ['a path', '../etc/passwd'],
    ['a Windows path', 'C:\\Users\\rep\\quote.pdf'],
    ['a line break', 'quote\r\n.pdf'],
    ['a bell', 'quote\u0007.pdf'],
    ['a right-to-left override', 'invoice\u202efdp.exe'],
  ])('a file name with %s', async (_, fileName) => {
    const response = await upload('rep@demo.test', { file_name: fileName });
    expectRefusal(response, { file_name: 'File name must not contain / or \\ or control characters.' });
  });

  test.each([
    ['an empty file name', { file_name: '' }, { file_name: 'File name is required.' }],
    ['a file name of 256 characters', { file_name: `${'n'.repeat(252)}.pdf` }, { file_name: 'File name must be at most 255 characters long.' }],
    ['a note of 501 characters', { note: 'n'.repeat(501) }, { note: 'Note must be at most 500 characters long.' }],
    ['content that is not base64', { content_base64: 'not base64!' }, { content_base64: 'The file must be sent in standard padded base64.' }],
    ['base64 without its padding', { content_base64: 'AAE' }, { content_base64: 'The file must be sent in standard padded base64.' }],
    ['an uploader in the body', { uploaded_by: 1 }, { uploaded_by: 'Uploaded by cannot be sent here.' }],
    ['a tenant in the body', { tenant_id: 2 }, { tenant_id: 'Tenant cannot be sent here.' }],
  ])('%s', async (_, fields, refused) => {
    const response = await upload('rep@demo.test', fields);
    expectRefusal(response, refused);
  });

  test("another tenant's opportunity or none at all", async () => {
    const [foreign] = await server.db.query<{ id: number }>('select id from opportunities where tenant_id = 2 limit 1');
    for (const opportunity_id of [foreign!.id, 2_000_000_000]) {
      const response = await upload('rep@demo.test', { opportunity_id });
      expectRefusal(response, { opportunity_id: 'Opportunity must be an opportunity of your tenant.' });
    }
  });

  test('no token at all', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/attachments/getAllData/1' },
      { method: 'GET' as const, url: '/api/attachments/1/content' },
      { method: 'DELETE' as const, url: '/api/attachments/1' },
      { method: 'POST' as const, url: '/api/attachments', payload: { file_name: 'a', media_type: '', content_base64: 'AA==' } },
    ]) {
      expect((await server.app.inject(request)).statusCode, request.url).toBe(401);
    }
  });
});

describe('GET /api/attachments/getAllData/{tenant_id}', () => {
  test('lists metadata only, newest first: never the content, its base64, or a row of another tenant', async () => {
    const response = await list('rep@demo.test');
    expect(response.statusCode).toBe(200);
    const attachments = response.json() as Array<Record<string, unknown> & { id: number; created_at: string }>;
    for (const attachment of attachments) expect(Object.keys(attachment).sort()).toEqual(attachmentKeys);
    const stored = await server.db.query<{ content: Uint8Array }>('select content from attachments where tenant_id = 1');
    for (const { content } of stored) {
      const bytes = Buffer.from(content);
      expect(response.body).not.toContain(bytes.toString('base64').slice(0, 40));
      if (bytes.toString('utf8').startsWith('Quote')) expect(response.body).not.toContain(bytes.toString('utf8').slice(0, 30));
    }
    const globexIds = await idsOf('Globex');
    expect(attachments.filter((a) => globexIds.includes(a.id))).toEqual([]);
    const times = attachments.map((a) => Date.parse(a.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("answers 404 for another tenant's id", async () => {
    const response = await list('admin@demo.test', 2);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('DELETE /api/attachments/{id}', () => {
  test('removes the file: 204, then its content and list entry are gone', async () => {
    const { id } = (await upload('rep@demo.test', { file_name: 'to delete.txt' })).json();
    const response = await remove('manager@demo.test', id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await download('rep@demo.test', id)).statusCode).toBe(404);
    expect(((await list('rep@demo.test')).json() as Array<{ id: number }>).map((a) => a.id)).not.toContain(id);
    expect((await remove('manager@demo.test', id)).statusCode).toBe(404);
  });
});

describe("another tenant's attachments", () => {
  test('answer 404 to download and delete, revealing nothing and changing nothing', async () => {
    const before = await storedRows(2);
    for (const id of await idsOf('Globex')) {
      for (const response of [await download('admin@demo.test', id), await remove('admin@demo.test', id)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    }
    expect(await storedRows(2)).toEqual(before);
  });
});
