import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Choice } from '../domain/lists/choices.ts';

export interface OpportunityChoicesInput {
  tenantId: number;
  /** The year whose opportunities are offered (the current one). */
  year: number;
}

export interface OpportunityChoicesContext extends OpportunityChoicesInput {
  /** The text the choices shown were (or are being) found for. */
  text: string;
  /** The opportunities the last answered text found, newest first; kept while the next search runs. */
  found: readonly Choice[];
  /** How many opportunities that text finds in all (more than `found` holds when it is only the newest). */
  total: number;
}

export interface OpportunitySearch {
  tenantId: number;
  year: number;
  text: string;
}

export interface FoundOpportunities {
  choices: readonly Choice[];
  total: number;
}

/** `search.open`: the list opens (again); `search.change`: the text typed. */
export type OpportunityChoicesEvent = { type: 'search.open' } | { type: 'search.change'; value: string };

/**
 * The opportunity choice of a form (a tenant may hold 100,000 a year, too many to
 * load): nothing is asked until the list first opens, then the server is asked for
 * the newest opportunities the text finds once the typing pauses; a newer text
 * cancels the search under way, so the choices shown are those of the latest text.
 * Opening the list again asks again only after a failure.
 */
export const opportunityChoicesMachine = setup({
  types: {
    input: {} as OpportunityChoicesInput,
    context: {} as OpportunityChoicesContext,
    events: {} as OpportunityChoicesEvent,
    tags: {} as 'busy',
  },
  delays: {
    // Long enough that a person typing a word asks once, short enough to feel immediate.
    debounce: 150,
  },
  actors: {
    findOpportunities: fromPromise<FoundOpportunities, OpportunitySearch>(async () => {
      throw new Error('findOpportunities must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    type: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { text: event.value.trim() };
    }),
    accept: assign((_, params: FoundOpportunities) => ({ found: params.choices, total: params.total })),
    forget: assign({ found: [], total: 0 }),
  },
}).createMachine({
  id: 'opportunityChoices',
  context: ({ input }) => ({ ...input, text: '', found: [], total: 0 }),
  initial: 'idle',
  on: {
    'search.change': { target: '.debouncing', reenter: true, actions: 'type' },
  },
  states: {
    /** Nothing asked yet: the list has not been opened. */
    idle: {
      on: { 'search.open': 'searching' },
    },
    debouncing: {
      tags: ['busy'],
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'findOpportunities',
        input: ({ context }) => ({ tenantId: context.tenantId, year: context.year, text: context.text }),
        onDone: { target: 'ready', actions: { type: 'accept', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: ['forget', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    ready: {},
    failed: {
      on: { 'search.open': 'searching' },
    },
  },
});
