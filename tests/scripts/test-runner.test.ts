import { describe, expect, test } from 'vitest';
import config from '../../vitest.config.ts';
import { argumentsFor, HALVES } from '../../scripts/test.ts';

const [browserTests, others] = HALVES as [(typeof HALVES)[number], (typeof HALVES)[number]];

describe('npm test: the browser tests and every other project, in two runs at once', () => {
  test('the two runs take every project of the configuration, the browser tests in the first only', () => {
    const names = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);
    expect(names).toContain('e2e');
    expect(names).toContain('keycloak');
    expect(argumentsFor(browserTests, [])).toEqual(['run', '--project', 'e2e', '--project', 'keycloak']);
    expect([...browserTests.projects, ...others.projects].sort()).toEqual([...names].sort());
    expect(others.projects).not.toContain('e2e');
    expect(others.projects).not.toContain('keycloak');
  });

  test('without arguments each run is the whole of its half; a filter may leave a half nothing to run', () => {
    const projects = others.projects.flatMap((name) => ['--project', name]);
    expect(argumentsFor(others, [])).toEqual(['run', ...projects]);
    expect(argumentsFor(others, ['-t', 'sign-up'])).toEqual(['run', ...projects, '--passWithNoTests', '-t', 'sign-up']);
  });

  test('a report file is written once per run, named after it', () => {
    expect(argumentsFor(browserTests, ['--reporter=json', '--outputFile=/tmp/run.json'])).toContain('--outputFile=/tmp/run.e2e.json');
    expect(argumentsFor(others, ['--outputFile', '/tmp/run.json', '--reporter=json'])).toEqual([
      'run', ...others.projects.flatMap((name) => ['--project', name]), '--passWithNoTests', '--outputFile', '/tmp/run.others.json', '--reporter=json',
    ]);
  });
});
