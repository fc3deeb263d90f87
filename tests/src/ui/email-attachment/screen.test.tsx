// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ServicesProvider } from '../../../../src/ui/kit/services';
import { heldServices, json, screenRoot, type Answer } from '../../../support/screen-harness.ts';
import EmailAttachmentScreen from '../../../../src/ui/email-attachment/EmailAttachmentScreen';


const screen = screenRoot();
const { until } = screen;

const text = screen.text;

function render(answers: Record<string, Answer>) {
  const { services, release } = heldServices(answers);
  screen.render(
    <ServicesProvider services={services}>
      <EmailAttachmentScreen />
    </ServicesProvider>,
  );
  return { release };
}

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
  test('says it is loading, then lists each file with its size, type, opportunity and uploader, and offers to link an opportunity, searched as it is typed', async () => {
    const { release } = render({ '/api/attachments/getAllData/1': json([quote]) });
    expect(screen.container.querySelector('[role="status"]')?.textContent).toBe('Loading e-mail attachments');
    await release();
    await until(() => text().includes('Quote Q-1001.pdf'));
    const row = [...screen.container.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(row).toEqual([expect.stringContaining('1.5 KB')]);
    expect(row[0]).toContain('Acme Corp');
    expect(row[0]).toContain('Riley Rep');
    expect(screen.container.querySelector('button[aria-label="Download Quote Q-1001.pdf"]')).not.toBeNull();
    // No year of opportunities is loaded for the choice: it asks the server once it is opened.
    const choice = screen.container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    expect(screen.container.querySelector(`label[for="${choice.id}"]`)?.textContent).toBe('Linked opportunity (optional)');
    expect(screen.container.querySelector('select')).toBeNull();
  });

  test('a tenant without files says so, and still offers the upload', async () => {
    const { release } = render({ '/api/attachments/getAllData/1': json([]) });
    await release();
    await until(() => text().includes('There are no e-mail attachments yet.'));
    expect(text()).toContain('Choose a file');
    expect(screen.container.querySelector('table')).toBeNull();
  });

  test('a failed load says so, and Try again loads once more', async () => {
    let attempts = 0;
    const { release } = render({
      '/api/attachments/getAllData/1': () => {
        attempts += 1;
        return attempts === 1 ? json({ message: 'Database unavailable' }, 503)() : json([quote])();
      },
    });
    await release();
    await until(() => text().includes('The e-mail attachments could not be loaded.'));
    const retry = [...screen.container.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    await act(async () => retry.click());
    await until(() => text().includes('Quote Q-1001.pdf'));
  });
});
