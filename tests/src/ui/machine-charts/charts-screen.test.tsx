import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { machineCatalogue } from '../../../../src/machines/catalogue.ts';
import MachinesScreen from '../../../../src/ui/machine-charts/MachinesScreen.tsx';
import { describeMachine } from '../../../../src/ui/machine-charts/describe.ts';
import { renderChartSvg } from '../../../../src/ui/machine-charts/svg.ts';
import { generateCharts } from '../../../../scripts/charts/generate.ts';

describe('the /machines screen', () => {
  const html = renderToStaticMarkup(<MachinesScreen />);

  test.each(machineCatalogue.map((entry) => [entry.id, entry] as const))(
    'shows the %s machine with its line, its chart and a row per transition',
    (id, entry) => {
      expect(html).toContain(`<h2 id="machine-${id}">${id}</h2>`);
      expect(html).toContain(`alt="State chart of the ${id} machine"`);
      const table = html.slice(html.indexOf(`<caption id="machine-${id}-transitions">`));
      const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
      expect(body.match(/<tr>/g)).toHaveLength(describeMachine(entry.machine).transitions.length);
    },
  );

  test('draws the same charts as the committed docs/machines SVGs', () => {
    const docs = generateCharts();
    for (const entry of machineCatalogue) {
      const svg = renderChartSvg(describeMachine(entry.machine));
      expect(svg).toBe(docs.get(`${entry.id}.svg`));
      expect(html).toContain(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg).replace(/&/g, '&amp;')}`);
    }
  });

  test('is read-only: no buttons, inputs or forms', () => {
    expect(html).not.toMatch(/<(button|input|select|textarea|form)\b/);
  });
});
