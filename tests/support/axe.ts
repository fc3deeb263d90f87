import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Every violation axe finds on the page (every rule, any impact), one line per element.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode) while every frame of the page is
 * of its origin: the default mode loads axe again into a new blank tab to finish each scan,
 * which only frames of other origins need, and reports the same violations otherwise.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const oneOrigin = page.frames().every((frame) => frame.url() === 'about:blank' || new URL(frame.url()).origin === origin);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(oneOrigin).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${violation.help}`),
  );
}
