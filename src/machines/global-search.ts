import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { hrefOfHit, MIN_SEARCH_LENGTH, type SearchHit } from '../domain/search/hits.ts';

export interface GlobalSearchInput {
  tenantId: number;
  /** A Super Admin or Admin: finds users too, and opens salespersons in their editor. */
  manager: boolean;
}

export interface GlobalSearchContext extends GlobalSearchInput {
  text: string;
  /** The hits of the last search answered; kept while the next is on its way, so the list does not flicker. */
  hits: readonly SearchHit[];
  /** The hit Enter opens (the arrows move it); -1 when there is none. */
  active: number;
}

export interface SearchRequest {
  tenantId: number;
  text: string;
}

export type GlobalSearchEvent =
  | { type: 'search.open' }
  | { type: 'search.close' }
  | { type: 'search.change'; value: string }
  | { type: 'hit.next' }
  | { type: 'hit.previous' }
  | { type: 'hit.activate'; index: number }
  | { type: 'hit.open' }
  | { type: 'retry' };

/**
 * The global search dialog (Ctrl+K, ⌘K or '/'): typing asks the server once the
 * typing pauses (debounce), and a newer text cancels the search under way, so the
 * hits shown are always those of the latest text. Arrows move the active hit,
 * Enter (or a click) opens it, Escape closes.
 */
export const globalSearchMachine = setup({
  types: {
    input: {} as GlobalSearchInput,
    context: {} as GlobalSearchContext,
    events: {} as GlobalSearchEvent,
    tags: {} as 'busy',
  },
  delays: {
    // Long enough that a person typing a word asks once, short enough to feel immediate.
    debounce: 150,
  },
  actors: {
    searchRecords: fromPromise<readonly SearchHit[], SearchRequest>(async () => {
      throw new Error('searchRecords must be provided');
    }),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    forget: assign({ text: '', hits: [], active: -1 }),
    type: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { text: event.value };
    }),
    forgetHits: assign({ hits: [], active: -1 }),
    acceptHits: assign((_, params: { hits: readonly SearchHit[] }) => ({ hits: params.hits, active: params.hits.length > 0 ? 0 : -1 })),
    next: assign(({ context }) => ({ active: (context.active + 1) % context.hits.length })),
    previous: assign(({ context }) => ({ active: (context.active - 1 + context.hits.length) % context.hits.length })),
    activate: assign(({ event }) => {
      assertEvent(event, 'hit.activate');
      return { active: event.index };
    }),
  },
  guards: {
    tooShort: ({ event }) => {
      assertEvent(event, 'search.change');
      return event.value.trim().length < MIN_SEARCH_LENGTH;
    },
    foundNothing: (_, params: { hits: readonly SearchHit[] }) => params.hits.length === 0,
    hasHits: ({ context }) => context.hits.length > 0,
    isHit: ({ context, event }) => {
      assertEvent(event, 'hit.activate');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < context.hits.length;
    },
    hasActive: ({ context }) => context.active >= 0 && context.active < context.hits.length,
  },
}).createMachine({
  id: 'globalSearch',
  context: ({ input }) => ({ ...input, text: '', hits: [], active: -1 }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'search.open': { target: 'open', actions: 'forget' } },
    },
    open: {
      initial: 'idle',
      on: {
        'search.close': 'closed',
        'search.change': [
          { guard: 'tooShort', target: '.idle', actions: ['type', 'forgetHits'] },
          { target: '.debouncing', reenter: true, actions: 'type' },
        ],
        'hit.next': { guard: 'hasHits', actions: 'next' },
        'hit.previous': { guard: 'hasHits', actions: 'previous' },
        'hit.activate': { guard: 'isHit', actions: 'activate' },
        'hit.open': {
          guard: 'hasActive',
          target: 'closed',
          actions: { type: 'navigate', params: ({ context }) => ({ to: hrefOfHit(context.hits[context.active]!, context) }) },
        },
      },
      states: {
        /** Nothing (or too little) typed yet. */
        idle: {},
        debouncing: {
          tags: ['busy'],
          after: { debounce: 'searching' },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'searchRecords',
            input: ({ context }) => ({ tenantId: context.tenantId, text: context.text.trim() }),
            onDone: [
              { guard: { type: 'foundNothing', params: ({ event }) => ({ hits: event.output }) }, target: 'nothing', actions: 'forgetHits' },
              { target: 'found', actions: { type: 'acceptHits', params: ({ event }) => ({ hits: event.output }) } },
            ],
            onError: {
              target: 'failed',
              actions: ['forgetHits', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        found: {},
        /** The text finds nothing. */
        nothing: {},
        failed: { on: { retry: 'searching' } },
      },
    },
  },
});
