import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { machineCatalogue } from '../../src/machines/catalogue.ts';
import { SESSION_MESSAGES } from '../../src/machines/session.ts';
import { describeMachine } from '../../src/ui/machine-charts/describe.ts';
import { renderChartSvg } from '../../src/ui/machine-charts/svg.ts';
import { CHARTS_DIR, generateCharts } from '../../scripts/charts/generate.ts';

const dir = fileURLToPath(new URL(`../../${CHARTS_DIR}/`, import.meta.url));
const STALE = 'docs/machines is stale: run `npm run charts` and commit the result';

describe('the committed transition charts', () => {
  const generated = generateCharts();

  test('are exactly the files the catalogue generates, none missing and none left over', () => {
    expect(readdirSync(dir).sort(), STALE).toEqual([...generated.keys()].sort());
  });

  test.each([...generated.keys()])('%s matches the machines as they are now', (name) => {
    expect(readFileSync(dir + name, 'utf8') === generated.get(name), `${name}: ${STALE}`).toBe(true);
  });
});

describe('each machine page', () => {
  const generated = generateCharts();

  test.each(machineCatalogue.map((entry) => [entry.id, entry] as const))(
    '%s lists every state and every transition with guard and action names as in the code',
    (id, entry) => {
      const page = generated.get(`${id}.md`)!;
      const chart = describeMachine(entry.machine);
      expect(page).toContain('```mermaid\nstateDiagram-v2');
      const rows = page.split('\n').filter((line) => line.startsWith('| `'));
      // One row per state (the root only when it runs something while the machine runs) plus one per transition.
      const rootRuns = chart.root.invokes.length > 0 || chart.root.entry.length > 0;
      const states = countStates(chart.root) - (rootRuns ? 0 : 1);
      expect(rows).toHaveLength(states + chart.transitions.length);
      if (rootRuns) expect(page).toContain(`| \`(${id})\` |`);
      for (const actor of chart.root.invokes) expect(page).toContain(`\`${actor}\``);
      for (const transition of chart.transitions) {
        if (transition.guard) expect(page).toContain(`\`${transition.guard}\``);
        for (const action of transition.actions) expect(page).toContain(`\`${action}\``);
      }
    },
  );
});

describe('the transitions read from the machines', () => {
  const chartOf = (id: string) => describeMachine(machineCatalogue.find((entry) => entry.id === id)!.machine);

  test('name invoked actors\' answers after the actor, delays by name and eventless transitions as always', () => {
    const session = chartOf('session');
    const events = session.transitions.map((transition) => `${transition.source} ${transition.event}`);
    expect(events).toContain('verifying.loadingProfile done: loadProfile');
    expect(events).toContain('verifying.loadingProfile error: loadProfile');
    expect(events).toContain('authenticated.idle after pollInterval');
    expect(events).toContain('verifying.checkingClaims always');
    const signup = chartOf('signup');
    expect(signup.transitions.map((transition) => transition.event)).toContain('after beforeSignin (1200 ms)');
  });

  test('keep combined guards readable', () => {
    const guards = chartOf('dashboard').transitions.map((transition) => transition.guard);
    expect(guards).toContain('and(everythingLoaded, noOpportunities)');
  });

  test('mark parallel regions and final states in the Mermaid diagram', () => {
    const generated = generateCharts();
    expect(generated.get('userList.md')).toMatch(/state "userList" as userList \{[\s\S]*\n {4}--\n/);
    expect(generated.get('session.md')).toContain('signedOut --> [*]');
  });

  test('render to the same SVG every time', () => {
    const chart = chartOf('session');
    expect(renderChartSvg(chart)).toBe(renderChartSvg(describeMachine(machineCatalogue[0]!.machine)));
    expect(renderChartSvg(chart)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe('the index page', () => {
  const index = generateCharts().get('README.md')!;

  test('lists every machine with the line on what it governs', () => {
    for (const entry of machineCatalogue) expect(index).toContain(`| [${entry.id}](${entry.id}.md) | ${entry.governs} |`);
  });

  test('tells how a session ends, with every reason and message of the session machine', () => {
    const section = index.slice(index.indexOf('## How a session ends'));
    for (const reason of ['loggedOut', 'invalidToken', 'missingRole', 'subscriptionExpired', 'profileUnavailable', 'tokenRejected', 'providerSessionEnded']) {
      expect(section).toContain(`\`${reason}\``);
    }
    for (const message of Object.values(SESSION_MESSAGES)) expect(section).toContain(message);
  });
});

function countStates(state: { children: unknown[] }): number {
  return 1 + (state.children as Array<{ children: unknown[] }>).reduce((sum, child) => sum + countStates(child), 0);
}
