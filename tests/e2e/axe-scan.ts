import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on what the page shows now and answers its serious and critical
 * findings. axe is evaluated through the DevTools protocol, so the app's CSP
 * (script-src 'self') stays as strict as in production.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id as string,
        impact: violation.impact as string,
        help: violation.help as string,
        targets: (violation.nodes as { target: string[] }[]).map((node) => node.target.join(' ')),
      }));
  });
}
