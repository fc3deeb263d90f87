import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiPartsSetting } from '../../../src/domain/api-parts.ts';
import { API_DOCUMENT_TIMEOUT_MS, apiPartsMachine } from '../../../src/machines/api-parts.ts';

/** The machine with the API's answer to the document request provided, and errors collected. */
function learn(setting: ApiPartsSetting, answer: () => Promise<unknown>) {
  const errors: unknown[] = [];
  const requests = vi.fn(answer);
  const machine = apiPartsMachine.provide({
    actors: { readApiDocument: fromPromise(() => requests()) },
    actions: { logError: (_, { error }) => void errors.push(error) },
  });
  const actor = createActor(machine, { input: { setting } }).start();
  return { actor, errors, requests };
}

const ownDocument = { openapi: '3.1.0', paths: { '/api/customers/{id}': { get: {}, put: {} }, '/api/customers': { post: {} }, '/api/customers/getAllData/{tenant_id}': { get: {} } } };

describe('learning which optional parts the API offers', () => {
  test('declared parts are taken as they are, without asking the API', () => {
    const { actor, requests } = learn(['teams'], async () => ownDocument);
    expect(actor.getSnapshot().value).toBe('declared');
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    expect(actor.getSnapshot().context.parts).toEqual(['teams']);
    expect(requests).not.toHaveBeenCalled();
  });

  test("an empty declaration is the specification's calls only", () => {
    const { actor } = learn([], async () => ownDocument);
    expect(actor.getSnapshot().context.parts).toEqual([]);
  });

  test('discovery reads the parts whose every operation the document lists', async () => {
    const { actor, requests } = learn('discover', async () => ownDocument);
    expect(actor.getSnapshot().hasTag('known')).toBe(false);
    const known = await waitFor(actor, (state) => state.hasTag('known'));
    expect(known.value).toBe('discovered');
    expect(known.context.parts).toEqual(['customers']);
    expect(requests).toHaveBeenCalledTimes(1);
  });

  test("an API without a document counts as the specification's calls only, and the failure is logged", async () => {
    const { actor, errors } = learn('discover', async () => {
      throw new Error('404');
    });
    const known = await waitFor(actor, (state) => state.hasTag('known'));
    expect(known.value).toBe('specOnly');
    expect(known.context.parts).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  test('an answer that is no OpenAPI document (an HTML page, a message) counts as no document', async () => {
    const { actor, errors } = learn('discover', async () => ({ message: 'Not found' }));
    expect((await waitFor(actor, (state) => state.hasTag('known'))).value).toBe('specOnly');
    expect(errors).toHaveLength(1);
  });

  test('an API that does not answer in time counts as the specification only', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = learn('discover', () => new Promise(() => {}));
      await vi.advanceTimersByTimeAsync(API_DOCUMENT_TIMEOUT_MS);
      expect(actor.getSnapshot().value).toBe('specOnly');
    } finally {
      vi.useRealTimers();
    }
  });
});
