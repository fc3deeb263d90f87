/**
 * How the load's people read the answers they check (bench/people.ts). The people share one
 * event loop, and every timing under way waits while it is busy. Most answers they read are a
 * record of a few hundred bytes; on a sales floor three are megabytes: the analysis of a year
 * (searched for a saved deal's entry), the activity list and the user list, each read for one row. Decoded through async zlib, those cost the loop a callback per 16 KB of output and, parsed
 * there, objects by the hundred thousand that the loop's garbage collector then copies and marks.
 * So they are decoded, parsed and searched on a thread of their own, which sends back only the
 * answer to the question (a row, a yes).
 */
import { Worker } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import type { Answer } from './browser-send.ts';

/** The encodings the people accept and decode, by the zlib function that decodes each (its `…Sync` form, here and on the reading thread). */
const DECODERS = { gzip: 'gunzip', br: 'brotliDecompress' } as const;
type Encoding = keyof typeof DECODERS;

const encodingOf = (answer: Answer): Encoding | undefined => {
  const encoding = String(answer.headers['content-encoding']);
  return encoding in DECODERS ? (encoding as Encoding) : undefined;
};

const decodeHere: Record<Encoding, (body: Buffer) => Buffer> = { gzip: zlib[`${DECODERS.gzip}Sync`], br: zlib[`${DECODERS.br}Sync`] };

/**
 * A small answer's bytes as JSON text, decompressed as its encoding says, on the loop: for a record
 * or a few hundred rows that costs the loop less than a round trip to libuv's threads does, and the
 * process a tenth of the CPU.
 */
export async function decoded(answer: Answer): Promise<Buffer> {
  const encoding = encodingOf(answer);
  return encoding ? decodeHere[encoding](answer.body) : answer.body;
}

/** A small answer (a record, a few hundred rows) as JSON. */
export const json = async <T>(answer: Answer): Promise<T> => JSON.parse((await decoded(answer)).toString('utf8')) as T;

type Question = { kind: 'row'; field: string; value: string | number } | { kind: 'holds'; text: string };

// Plain JavaScript, so that the thread needs no loader (the bench runs under tsx, its tests under vitest).
const READER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const decoders = ${JSON.stringify(DECODERS)};
parentPort.on('message', ({ id, body, encoding, question }) => {
  try {
    const bytes = encoding ? zlib[decoders[encoding] + 'Sync'](body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const result =
      question.kind === 'holds'
        ? bytes.includes(question.text)
        : JSON.parse(bytes.toString('utf8')).find((row) => row[question.field] === question.value);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

let reader: Worker | undefined;
let asked = 0;
const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

function ask<T>(answer: Answer, question: Question): Promise<T> {
  if (!reader) {
    reader = new Worker(READER_SOURCE, { eval: true });
    reader.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const asker = waiting.get(id);
      waiting.delete(id);
      // Idle, it does not hold the bench open.
      if (waiting.size === 0) reader?.unref();
      if (error === undefined) asker?.resolve(result);
      else asker?.reject(new Error(error));
    });
    reader.on('error', (error) => {
      for (const asker of waiting.values()) asker.reject(error);
      waiting.clear();
      reader = undefined;
    });
  }
  const id = (asked += 1);
  reader.ref();
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
    reader!.postMessage({ id, body: answer.body, encoding: encodingOf(answer), question });
  });
}

/** The row of a list answer whose `field` is `value`, read off the people's event loop. */
export const rowOf = <T>(answer: Answer, field: string, value: string | number): Promise<T | undefined> => ask<T | undefined>(answer, { kind: 'row', field, value });

/** Whether the answer's JSON text holds `text`, searched off the people's event loop. */
export const holdsText = (answer: Answer, text: string): Promise<boolean> => ask<boolean>(answer, { kind: 'holds', text });
