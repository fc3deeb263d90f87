/**
 * What a server's refusal says, made fit for a person: the agreed shape is
 * `{ message, fields: { <body property>: <message> } }`. Servers that predate it
 * (or a company's API) may still answer 'body.phone: Invalid Phone number format'
 * or name a schema; such text never reaches a person: a `body.<field>` prefix
 * becomes that field's problem, and anything else developer-shaped becomes plain words.
 */
import type { Problem } from './problems.ts';

export interface Refusal {
  /** One line for the whole form. */
  message: string;
  /** Problems under the fields, keyed by the request body's property names. */
  problems: Problem[];
}

export const GENERIC_REFUSAL = 'The server did not accept this. Check the fields and try again.';
const GENERIC_FIELD_REFUSAL = 'This value was not accepted.';

// 'body.phone: Invalid…', 'body.password must be…', 'body/phone …', "body must have required property 'name'".
const BODY_FIELD = /^\s*body[./]([A-Za-z_][\w]*)\s*:?\s*(.*)$/s;
const DEVELOPER_TEXT = /(^\s*(body|querystring|params|headers)\b)|#\/|\bschema\b|\bmust (NOT )?(have|match|be equal)\b|\bproperty '/i;

/** Whether a text is meant for developers, not for the person at the form. */
export function isDeveloperText(text: string): boolean {
  return DEVELOPER_TEXT.test(text);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

function personal(text: string, fallback: string): string {
  return text.trim() === '' || isDeveloperText(text) ? fallback : text.trim();
}

/** A field's problem from a developer-shaped message like 'body.password must be at least 9 characters long'. */
function problemInMessage(message: string): Problem | null {
  const match = BODY_FIELD.exec(message);
  if (!match) return null;
  const [, field, rest] = match as unknown as [string, string, string];
  return { field, message: sentence(personal(rest, GENERIC_FIELD_REFUSAL)) };
}

/**
 * A refusal from a server's answer body, whatever its shape: the agreed one, an
 * old 'body.<field>: …' message, or anything else (then the generic words).
 * `fieldOfBody` renames body properties to the form's field names where they differ;
 * `fallback` is said when the answer has nothing a person could read.
 */
export function refusalOfAnswer(body: unknown, fieldOfBody: Readonly<Record<string, string>> = {}, fallback = GENERIC_REFUSAL): Refusal {
  const raw = typeof (body as { message?: unknown } | null)?.message === 'string' ? (body as { message: string }).message : '';
  const fields = (body as { fields?: unknown } | null)?.fields;
  const problems: Problem[] = [];
  if (fields && typeof fields === 'object') {
    for (const [field, text] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof text === 'string') problems.push({ field: fieldOfBody[field] ?? field, message: personal(text, GENERIC_FIELD_REFUSAL) });
    }
  }
  const inMessage = problems.length === 0 ? problemInMessage(raw) : null;
  if (inMessage) {
    problems.push({ field: fieldOfBody[inMessage.field] ?? inMessage.field, message: inMessage.message });
    return { message: inMessage.message, problems };
  }
  return { message: personal(raw, fallback), problems };
}
