import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

const views = async (email: string) => (await call(email, 'GET', '/api/views')).json() as { id: number; list: string; name: string; query: string }[];

describe('saved views', () => {
  test('a person saves a list\'s filters under a name and reads them back; the name is theirs once, regardless of case', async () => {
    const saved = await call('rep@demo.test', 'POST', '/api/views', { list: 'opportunity', name: ' My open deals ', query: '?stage=proposal&mine=1' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ list: 'opportunity', name: 'My open deals', query: 'stage=proposal&mine=1' });
    expect(await views('rep@demo.test')).toContainEqual(saved.json());
    const again = await call('rep@demo.test', 'POST', '/api/views', { list: 'customer', name: 'MY OPEN DEALS', query: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a view named "MY OPEN DEALS".');
  });

  test('a blank name or an unknown list is refused', async () => {
    expect((await call('rep@demo.test', 'POST', '/api/views', { list: 'opportunity', name: '   ', query: '' })).statusCode).toBe(400);
    expect((await call('rep@demo.test', 'POST', '/api/views', { list: 'dashboard', name: 'x', query: '' })).statusCode).toBe(400);
  });

  test('isolation: nobody else, in the tenant or another, reads or removes a person\'s views', async () => {
    const { id } = (await call('manager@demo.test', 'POST', '/api/views', { list: 'customer', name: 'Berlin', query: 'search=berlin' })).json();
    expect((await views('rep@demo.test')).map((view) => view.id)).not.toContain(id);
    expect((await views('admin@globex.test')).map((view) => view.id)).not.toContain(id);
    expect((await call('admin@globex.test', 'DELETE', `/api/views/${id}`)).statusCode).toBe(404);
    expect((await call('rep@demo.test', 'DELETE', `/api/views/${id}`)).statusCode).toBe(404);
    expect((await views('manager@demo.test')).map((view) => view.id)).toContain(id);
    expect((await call('manager@demo.test', 'DELETE', `/api/views/${id}`)).statusCode).toBe(204);
    expect((await views('manager@demo.test')).map((view) => view.id)).not.toContain(id);
  });
});
