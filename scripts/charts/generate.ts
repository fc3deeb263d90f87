import { machineCatalogue } from '../../src/machines/catalogue.ts';
import { describeMachine } from '../../src/ui/machine-charts/describe.ts';
import { renderChartSvg } from '../../src/ui/machine-charts/svg.ts';
import { indexPage, machinePage } from './pages.ts';
import { sessionEndings } from './session-endings.ts';

/** Where the charts live, relative to the repository root. */
export const CHARTS_DIR = 'docs/machines';

/**
 * Every file of docs/machines/, by name, generated from the catalogue: a page
 * and an SVG per machine, and the index. Pure, so the staleness test can
 * compare it with what is committed.
 */
export function generateCharts(): Map<string, string> {
  const files = new Map<string, string>();
  const charts = machineCatalogue.map((entry) => ({ entry, chart: describeMachine(entry.machine) }));
  for (const { entry, chart } of charts) {
    files.set(`${entry.id}.md`, machinePage(entry, chart));
    files.set(`${entry.id}.svg`, renderChartSvg(chart));
  }
  const session = charts.find(({ entry }) => entry.id === 'session');
  if (!session) throw new Error('The catalogue has no session machine');
  files.set('README.md', indexPage(machineCatalogue, sessionEndings(session.entry.machine, session.chart)));
  return files;
}
