// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { createCrmClient } from '../../../src/api/client';
import type { AppServices } from '../../../src/platform/session-runtime';
import { ServicesProvider } from '../../../src/ui/app/services';
import EmailAttachmentScreen from '../../../src/ui/email-attachment/EmailAttachmentScreen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Answer = () => Response;
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A signed-in user of tenant 1 and an API answering per path, each answer held until `release`. */
function servicesWith(answers: Record<string, Answer>, gate: Promise<void>): AppServices {
  const fetch = async (request: Request | URL | string) => {
    const url = new URL(request instanceof Request ? request.url : String(request));
    await gate;
    return (answers[url.pathname] ?? json({ message: 'Not found' }, 404))();
  };
  const api = createCrmClient({
    baseUrl: 'http://crm.test',
    fetch: fetch as typeof globalThis.fetch,
    hooks: { accessToken: async () => 'token', tokenMissing() {}, tokenRejected() {}, showError() {} },
  });
  const session = createActor(fromTransition((state) => state, { profile: { tenant_id: 1, role_id: 3 } })).start();
  return { session, api, quietApi: api, publicApi: api } as unknown as AppServices;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(condition(), container.textContent ?? '').toBe(true);
}

const text = () => container.textContent ?? '';

function render(answers: Record<string, Answer>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  act(() =>
    root.render(
      <ServicesProvider services={servicesWith(answers, gate)}>
        <EmailAttachmentScreen />
      </ServicesProvider>,
    ),
  );
  return { release: () => act(async () => release()) };
}

const opportunities = json([{ id: 9, created_date: '2026-03-01T10:00:00Z', revenue: 100, probability: 50, salesperson_id: 1, customer: 'Acme Corp', stage: 'proposal' }]);
const quote = {
  id: 4,
  file_name: 'Quote Q-1001.pdf',
  media_type: 'application/pdf',
  size_bytes: 1536,
  sha256: '0'.repeat(64),
  opportunity_id: 9,
  opportunity_customer: 'Acme Corp',
  uploaded_by: 3,
  uploaded_by_name: 'Riley Rep',
  note: 'Sent with the proposal',
  created_at: '2026-03-02T09:30:00.000Z',
};

describe('the e-mail attachment screen', () => {
  test('says it is loading, then lists each file with its size, type, opportunity and uploader, and offers the opportunities to link', async () => {
    const { release } = render({ '/api/attachments/getAllData/1': json([quote]), '/api/opportunities/anlaysis': opportunities });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading e-mail attachments');
    await release();
    await until(() => text().includes('Quote Q-1001.pdf'));
    const row = [...container.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(row).toEqual([expect.stringContaining('1.5 KB')]);
    expect(row[0]).toContain('Acme Corp');
    expect(row[0]).toContain('Riley Rep');
    expect(container.querySelector('button[aria-label="Download Quote Q-1001.pdf"]')).not.toBeNull();
    expect([...container.querySelectorAll('select option')].map((option) => option.textContent)).toEqual(['None', 'Acme Corp · proposal · 2026-03-01']);
  });

  test('a tenant without files says so, and still offers the upload', async () => {
    const { release } = render({ '/api/attachments/getAllData/1': json([]), '/api/opportunities/anlaysis': opportunities });
    await release();
    await until(() => text().includes('There are no e-mail attachments yet.'));
    expect(text()).toContain('Choose a file');
    expect(container.querySelector('table')).toBeNull();
  });

  test('a failed load says so, and Try again loads once more', async () => {
    let attempts = 0;
    const { release } = render({
      '/api/attachments/getAllData/1': () => {
        attempts += 1;
        return attempts === 1 ? json({ message: 'Database unavailable' }, 503)() : json([quote])();
      },
      '/api/opportunities/anlaysis': opportunities,
    });
    await release();
    await until(() => text().includes('The e-mail attachments could not be loaded.'));
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    await act(async () => retry.click());
    await until(() => text().includes('Quote Q-1001.pdf'));
  });
});
