import type { components } from '../../src/api/schema.d.ts';

/**
 * The contract's shapes as the server's types, generated from openapi/crm.yaml (npm run
 * generate): a request body or an answer the document changes changes here too, and a
 * route that no longer fits fails the type check.
 */
export type Schemas = components['schemas'];

export type RequestBody<Name extends keyof Schemas> = Schemas[Name];
export type Answer<Name extends keyof Schemas> = Schemas[Name];
