import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { contractPath } from '../../server/http/contract.ts';
import { contractAjv } from '../../server/http/validation.ts';

/**
 * Issue 14, "a strict contract": every schema of the document compiles under Ajv's
 * strict mode with the server's own formats (a YAML slip that turns text into a
 * keyword, a misspelt keyword or a `required` naming no property fails here), and
 * Redocly, a linter we did not write, finds no error with its recommended rules.
 */
const document = parse(readFileSync(contractPath, 'utf8')) as Record<string, any>;

/** Every schema of the document, where it stands: components, parameters, request and response bodies. */
function schemasOf(root: Record<string, any>): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${at}/${index}`));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') found.push([`${at}/schema`, value]);
      else walk(value, `${at}/${key}`);
    }
  };
  for (const [name, schema] of Object.entries(root.components.schemas)) found.push([`#/components/schemas/${name}`, schema]);
  walk(root.paths, '#/paths');
  walk(root.components.parameters, '#/components/parameters');
  walk(root.components.responses, '#/components/responses');
  return found;
}

describe('the OpenAPI document', () => {
  const schemas = schemasOf(document);

  test('holds schemas in every place one is expected', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  test('compiles schema by schema under Ajv strict mode, with the formats the server validates', () => {
    const ajv = contractAjv();
    const failures = schemas.flatMap(([at, schema]) => {
      try {
        ajv.compile(inlined(schema) as object);
        return [];
      } catch (error) {
        return [`${at}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });

  test('a YAML slip such as a comma inside a flow mapping is caught', () => {
    const slipped = parse('{ type: string, description: The SHA-256 of the content, 64 lowercase hex digits. }');
    expect(() => contractAjv().compile(slipped)).toThrow(/unknown keyword/);
  });

  test('passes `redocly lint` with the recommended rules and no error', async () => {
    const run = promisify(execFile);
    const result = await run('node_modules/.bin/redocly', ['lint', '--format=json', contractPath], { env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' } }).catch(
      (failure: { stdout: string; stderr: string }) => failure,
    );
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string }> };
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});

/** The schema with every `#/...` ref replaced by what it points to (the document has no cycles). */
function inlined(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlined);
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref: ref, ...rest } = schema as Record<string, unknown>;
  if (typeof ref === 'string') {
    const target = ref.replace(/^#\//, '').split('/').reduce<any>((at, key) => at?.[key], document);
    if (target === undefined) throw new Error(`${ref} points nowhere`);
    return inlined({ ...target, ...rest });
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value)]));
}
