import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { API_PART_OPERATIONS } from '../../../src/api/parts.ts';
import { API_PARTS, describeParts, isApiDocument, parseApiPartsSetting, partsOfferedBy } from '../../../src/domain/api-parts.ts';
import { partsModule, PARTS_MODULE_PATH } from '../../../scripts/generate-api-parts.ts';
import { SPEC_API_CALLS, SPEC_TENANT_SERVICE_CALL } from '../../support/spec-calls.ts';
import { isSpecCall } from '../../support/spec-only-proxy.ts';

const documentText = readFileSync('openapi/crm.yaml', 'utf8');
const document = parse(documentText) as { paths: Record<string, Record<string, Record<string, unknown>>> };

/** Every operation of the document with its marker, read here without the generator's help. */
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  ['get', 'put', 'post', 'delete', 'patch']
    .filter((method) => item[method])
    .map((method) => ({ operation: `${method.toUpperCase()} ${path}`, part: item[method]!['x-crm-extension'] })),
);

describe("the app's knowledge of the API's optional parts is the document's", () => {
  test('every operation the app counts in a part carries that marker, and every marked operation is counted', () => {
    const marked: Record<string, string[]> = {};
    for (const { operation, part } of operations) if (typeof part === 'string') (marked[part] ??= []).push(operation);
    const known = Object.fromEntries(Object.entries(API_PART_OPERATIONS).map(([part, list]) => [part, [...list].sort()]));
    expect(known).toEqual(Object.fromEntries(Object.entries(marked).map(([part, list]) => [part, list.sort()])));
  });

  test("the operations without a marker are exactly the specification's calls (section 7)", () => {
    const unmarked = operations.filter(({ part }) => part === undefined).map(({ operation }) => operation);
    expect(unmarked.sort()).toEqual([...SPEC_API_CALLS, SPEC_TENANT_SERVICE_CALL].sort());
  });

  test('POST /api/teams/searchTeam is a specification call, while the team directory is the teams part', () => {
    expect(Object.values(API_PART_OPERATIONS).flat()).not.toContain('POST /api/teams/searchTeam');
    expect(API_PART_OPERATIONS.teams).toContain('GET /api/teams/getAllData/{tenant_id}');
  });

  test(`${PARTS_MODULE_PATH} is what \`npm run generate\` makes of the document`, () => {
    expect(readFileSync(PARTS_MODULE_PATH, 'utf8'), `${PARTS_MODULE_PATH} is stale: run npm run generate`).toBe(partsModule(documentText));
  });
});

describe('CRM_API_PARTS', () => {
  test('unset or discover: the app reads the API document', () => {
    expect(parseApiPartsSetting(undefined)).toBe('discover');
    expect(parseApiPartsSetting('')).toBe('discover');
    expect(parseApiPartsSetting('discover')).toBe('discover');
  });

  test("spec: the specification's calls and nothing else; all: every part", () => {
    expect(parseApiPartsSetting('spec')).toEqual([]);
    expect(parseApiPartsSetting('all')).toEqual(API_PARTS);
  });

  test('a list names parts, in any order and with spaces', () => {
    expect(parseApiPartsSetting(' teams , customers')).toEqual(['customers', 'teams']);
  });

  test('a name that is not a part is refused, naming it and the parts there are', () => {
    expect(() => parseApiPartsSetting('customers,customer')).toThrow(/"customer".*customers, .*teams/);
  });
});

describe('the parts an API document offers', () => {
  const documentWith = (list: readonly string[]) => {
    const paths: Record<string, Record<string, object>> = {};
    for (const operation of list) {
      const [method, path] = operation.split(' ') as [string, string];
      (paths[path] ??= {})[method.toLowerCase()] = { responses: {} };
    }
    return { openapi: '3.1.0', paths };
  };

  test('our own document offers every part', () => {
    expect(partsOfferedBy(document)).toEqual(API_PARTS);
  });

  test("a document with only the specification's calls offers none", () => {
    expect(partsOfferedBy(documentWith([...SPEC_API_CALLS, SPEC_TENANT_SERVICE_CALL]))).toEqual([]);
  });

  test('a part is offered only with all of its operations, whatever the path parameters are called', () => {
    const customers = API_PART_OPERATIONS.customers.map((operation) => operation.replace('{id}', '{customerId}'));
    const calendarButOne = API_PART_OPERATIONS.calendar.filter((operation) => !operation.startsWith('DELETE'));
    expect(partsOfferedBy(documentWith([...SPEC_API_CALLS, ...customers, ...calendarButOne]))).toEqual(['customers']);
  });

  test('an answer that is not an OpenAPI document is told apart from one that offers no parts', () => {
    expect(isApiDocument({ message: 'Not found' })).toBe(false);
    expect(isApiDocument(null)).toBe(false);
    expect(isApiDocument('<!doctype html>')).toBe(false);
    expect(isApiDocument(documentWith(SPEC_API_CALLS))).toBe(true);
  });
});

describe("the test proxy that stands for a company's API with only section 7's calls", () => {
  test("passes the specification's calls, by method and path", () => {
    expect(isSpecCall('POST', '/api/teams/searchTeam')).toBe(true);
    expect(isSpecCall('PUT', '/api/users/admin/nohash/1')).toBe(true);
    expect(isSpecCall('GET', '/api/salespersons/getAllData/3')).toBe(true);
    expect(isSpecCall('POST', '/api/opportunities/anlaysis')).toBe(true);
  });

  test('refuses every operation of an optional part, and a spec path with another method', () => {
    for (const operation of Object.values(API_PART_OPERATIONS).flat()) {
      const [method, path] = operation.split(' ') as [string, string];
      expect(isSpecCall(method, path.replace(/\{[^}]+\}/g, '7')), operation).toBe(false);
    }
    expect(isSpecCall('DELETE', '/api/users/7')).toBe(false);
    expect(isSpecCall('GET', '/api/openapi.json')).toBe(false);
  });
});

describe('parts in words', () => {
  test('every part of the document has words of its own, and several join as a sentence does', () => {
    for (const part of API_PARTS) expect(describeParts([part]), part).not.toBe(part);
    expect(describeParts(['customers', 'opportunity-records'])).toBe('the customer directory and opportunity records');
    expect(describeParts(['teams', 'customers', 'calendar'])).toBe('teams and their members, the customer directory and calendar events');
  });
});
