import { assign, fromPromise, setup } from 'xstate';
import { isApiDocument, partsOfferedBy, type ApiDocument, type ApiPart, type ApiPartsSetting } from '../domain/api-parts.ts';

/** How long the API's document may take before the app settles for the specification's calls. */
export const API_DOCUMENT_TIMEOUT_MS = 10_000;

export interface ApiPartsContext {
  setting: ApiPartsSetting;
  /** The optional parts the app may use; empty until known, and when only the spec's calls are there. */
  parts: readonly ApiPart[];
}

/**
 * Which optional parts of the CRM API the app may use, learned once when the app
 * starts: declared by the server's CRM_API_PARTS setting, or read from the API's
 * own OpenAPI document. An API that cannot say (no document, a failure, no answer in
 * time) is taken to have only the specification's calls, which every API has.
 */
export const apiPartsMachine = setup({
  types: {
    context: {} as ApiPartsContext,
    input: {} as { setting: ApiPartsSetting },
    tags: {} as 'known',
  },
  actors: {
    // Fetches the API's OpenAPI document (API_DOCUMENT_PATH under the API's base URL).
    readApiDocument: fromPromise<unknown>(async () => {
      throw new Error('readApiDocument is provided by the platform');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    declared: ({ context }) => context.setting !== 'discover',
    isApiDocument: (_, params: { answer: unknown }) => isApiDocument(params.answer),
  },
  delays: {
    documentTimeout: API_DOCUMENT_TIMEOUT_MS,
  },
}).createMachine({
  id: 'apiParts',
  context: ({ input }) => ({ setting: input.setting, parts: [] }),
  initial: 'learning',
  states: {
    // Declared parts are taken at once (the document is then never asked for); otherwise
    // the API's own document says.
    learning: {
      always: { guard: 'declared', target: 'declared' },
      invoke: {
        src: 'readApiDocument',
        onDone: [
          {
            guard: { type: 'isApiDocument', params: ({ event }) => ({ answer: event.output }) },
            target: 'discovered',
            actions: assign({ parts: ({ event }) => partsOfferedBy(event.output as ApiDocument) }),
          },
          {
            target: 'specOnly',
            actions: { type: 'logError', params: { error: new Error('The API answered something that is not an OpenAPI document') } },
          },
        ],
        onError: {
          target: 'specOnly',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      after: {
        documentTimeout: {
          target: 'specOnly',
          actions: { type: 'logError', params: { error: new Error('The API did not send its document in time') } },
        },
      },
    },
    // CRM_API_PARTS named the parts (an empty list: the specification's calls only).
    declared: {
      type: 'final',
      tags: ['known'],
      entry: assign({ parts: ({ context }) => (context.setting === 'discover' ? [] : context.setting) }),
    },
    // The API's document lists every operation of these parts.
    discovered: {
      type: 'final',
      tags: ['known'],
    },
    // The API could not say: only the specification's calls are counted on.
    specOnly: {
      type: 'final',
      tags: ['known'],
    },
  },
});
