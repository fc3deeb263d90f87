import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCrmClient } from '../../../src/api/client.ts';
import type { AppServices } from '../../../src/platform/session-runtime.ts';
import type { Caller } from '../../../src/domain/session/profile.ts';
import { dashboardFlow } from '../../../src/wiring/dashboard.ts';

/**
 * The dashboard's wiring against a fetch of the test's own: which calls it makes with the
 * days of a year, and that a load the machine stops is given up on the wire.
 */
interface Call {
  method: string;
  path: string;
  signal: AbortSignal | null;
  answer(body: unknown): void;
}

let calls: Call[];

function services(): AppServices {
  const fetch = (input: RequestInfo | URL) => {
    const request = input as Request;
    return new Promise<Response>((resolve, reject) => {
      const call: Call = {
        method: request.method,
        path: new URL(request.url).pathname + new URL(request.url).search,
        signal: request.signal,
        answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
      };
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
      calls.push(call);
    });
  };
  const hooks = { accessToken: async () => 'token', tokenMissing() {}, tokenRejected() {}, showError() {} };
  const quietApi = createCrmClient({ baseUrl: 'http://api.test', hooks, fetch: fetch as typeof globalThis.fetch, showFailures: false });
  return { quietApi, navigate: () => {} } as unknown as AppServices;
}

const caller = { tenantId: 4 } as Caller;
const today = new Date(2026, 10, 22, 15, 30);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const answerTo = (path: string, body: unknown) => calls.find((call) => call.path.startsWith(path))!.answer(body);

beforeEach(() => {
  calls = [];
  // The analysis behind the chart waits for a painted frame: the test's frames come at once.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0)));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard wiring with the days of a year', () => {
  test("asks for the year's days and the year before's in the browser's zone, then the analysis, and gives it up when another year is chosen", async () => {
    const actor = createActor(dashboardFlow(services(), caller), { input: { tenantId: 4, today, fromDays: true } }).start();
    await settle();
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /api/opportunities/days/4?year=2025&zone=' + zone,
      'GET /api/opportunities/days/4?year=2026&zone=' + zone,
      'GET /api/salespersons/getAllData/4',
    ]);
    answerTo('/api/opportunities/days/4?year=2026', [{ date: '2026-03-02', opportunities: 1, revenue: 100, weighted: 50 }]);
    answerTo('/api/opportunities/days/4?year=2025', []);
    answerTo('/api/salespersons/getAllData/4', []);
    await waitFor(actor, (s) => s.hasTag('ready'));
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/opportunities/anlaysis'));
    const analysis = calls.find((call) => call.path === '/api/opportunities/anlaysis')!;
    expect(analysis.signal?.aborted).toBe(false);

    actor.send({ type: 'filters.year.change', year: 2025 });
    expect(analysis.signal?.aborted).toBe(true);
    actor.stop();
  });
});
