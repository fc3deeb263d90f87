import type { Answer, Schemas } from '../http/contract-types.ts';

/** Every field of the contract's schema `Name`, optional ones included, each with the SQL that writes it. */
export type Columns<Name extends keyof Schemas> = { readonly [Field in keyof Required<Schemas[Name]>]: string };

/**
 * How the database writes one answer shape of the contract: each field's SQL
 * expression, keyed by the generated type's fields, so a field the document adds,
 * drops or renames is a compile error here, and every route answering that shape
 * selects it from here.
 */
export interface Projection<Name extends keyof Schemas> {
  /** The contract schema it writes. */
  readonly schema: Name;
  readonly columns: Columns<Name>;
  /** The tables the expressions read, with the aliases they use; empty when a route gives its own. */
  readonly from: string;
  /** The select list: every expression named as its field, in the order the projection lists them. */
  readonly select: string;
  /** A json_build_object of the same fields, for answers the database writes as JSON text. */
  readonly json: string;
}

/** The answer a projection's rows are. */
export type AnswerOf<P> = P extends Projection<infer Name> ? Answer<Name> : never;

export function projection<Name extends keyof Schemas>(schema: Name, columns: Columns<Name>, from = ''): Projection<Name> {
  const fields = Object.entries(columns) as Array<[string, string]>;
  return {
    schema,
    columns,
    from,
    select: fields.map(([field, sql]) => `${sql} as "${field}"`).join(', '),
    json: `json_build_object(${fields.map(([field, sql]) => `'${field}', ${sql}`).join(', ')})`,
  };
}

/** A constant of the server's own (a label, a mask) as an SQL string literal. */
export function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
