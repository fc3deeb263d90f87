import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { FastifySchema } from 'fastify';

/**
 * The OpenAPI document, read once: the server validates every request and shapes
 * every answer by the same document the app's client types are generated from.
 */
export const contractPath = fileURLToPath(new URL('../../openapi/crm.yaml', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  parameters?: JsonObject[];
  requestBody?: { content: { 'application/json': { schema: JsonObject } } };
  responses: Record<string, JsonObject>;
}

export interface Contract {
  readonly document: JsonObject;
  /** The Fastify schema of one operation: body, params, query and answers, refs resolved. */
  routeSchema(method: HttpMethod, openApiPath: string): FastifySchema;
  /** Every operation of the document, for tests that walk them all. */
  operations(): Array<{ method: HttpMethod; path: string; operation: Operation }>;
  /** The document's schema of a component, refs resolved. */
  component(name: string): JsonObject;
  /** The component name of an operation's JSON request body (`UserCreate`), if it has one. */
  bodySchemaName(method: HttpMethod, openApiPath: string): string | undefined;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
const methods: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

export function loadContract(path = contractPath): Contract {
  const document = parse(readFileSync(path, 'utf8')) as JsonObject;
  const resolved = resolveRefs(document, document) as JsonObject;
  const paths = resolved.paths as unknown as Record<string, Record<string, Operation>>;

  return {
    document,
    operations: () =>
      Object.entries(paths).flatMap(([path, item]) =>
        methods.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method]! })),
      ),
    component: (name) => (resolved.components as any).schemas[name] as JsonObject,
    bodySchemaName(method, openApiPath) {
      const written = (document.paths as unknown as Record<string, Record<string, Operation>>)[openApiPath]?.[method];
      const ref = written?.requestBody?.content['application/json']?.schema.$ref;
      return typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
    },
    routeSchema(method, openApiPath) {
      const operation = paths[openApiPath]?.[method];
      if (!operation) throw new Error(`The contract has no ${method.toUpperCase()} ${openApiPath}`);
      return toFastifySchema(operation);
    },
  };
}

/** OpenAPI path `/api/users/{id}` as a Fastify route `/api/users/:id`. */
export function routePath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

function toFastifySchema(operation: Operation): FastifySchema {
  const schema: FastifySchema = {};
  const byLocation = (location: string) => (operation.parameters ?? []).filter((p) => p.in === location);
  const asObject = (parameters: JsonObject[]) => ({
    type: 'object',
    additionalProperties: false,
    required: parameters.filter((p) => p.required).map((p) => p.name as string),
    properties: Object.fromEntries(parameters.map((p) => [p.name as string, p.schema])),
  });
  const pathParameters = byLocation('path');
  if (pathParameters.length) schema.params = asObject(pathParameters);
  const queryParameters = byLocation('query');
  if (queryParameters.length) schema.querystring = asObject(queryParameters);
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) schema.body = body;
  const answers = Object.entries(operation.responses).map(([status, { content }]) => [status, (content as any)?.['application/json']?.schema ?? {}]);
  schema.response = Object.fromEntries(answers);
  return schema;
}

function resolveRefs(node: Json, root: JsonObject, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, root, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`Circular $ref ${ref} in the contract`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>((at, key) => (at as JsonObject)[key] as Json, root);
    return resolveRefs(target, root, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(value, root, seen)]));
}
