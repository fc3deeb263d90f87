import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { currencyProblem } from '../domain/money.ts';

export interface TenantSettingsContext {
  /** The currency as stored. */
  saved: string;
  /** What the Super Admin is typing. */
  draft: string;
  problem: string | null;
}

export type TenantSettingsEvent = { type: 'currency.change'; value: string } | { type: 'settings.save' } | { type: 'settings.retry' };

/**
 * /settings: the tenant's currency, read for everyone and changed by its Super
 * Admin. The code is checked with the same rule the server applies before it is
 * sent; what the server refuses is shown under the field, and the draft is kept.
 */
export const tenantSettingsMachine = setup({
  types: {
    context: {} as TenantSettingsContext,
    events: {} as TenantSettingsEvent,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    loadSettings: fromPromise<{ currency: string }>(async () => {
      throw new Error('loadSettings must be provided');
    }),
    saveSettings: fromPromise<{ currency: string }, { currency: string }>(async () => {
      throw new Error('saveSettings must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    notifySaved: (_, _params: { currency: string }) => {},
    edit: assign(({ event }) => {
      assertEvent(event, 'currency.change');
      return { draft: event.value.trim().toUpperCase(), problem: null };
    }),
    accept: assign((_, params: { currency: string }) => ({ saved: params.currency, draft: params.currency, problem: null })),
    refuse: assign((_, params: { problem: string }) => ({ problem: params.problem })),
  },
  guards: {
    draftIsWrong: ({ context }) => currencyProblem(context.draft) !== null,
  },
}).createMachine({
  id: 'tenantSettings',
  context: { saved: '', draft: '', problem: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'accept', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        'currency.change': { actions: 'edit' },
        'settings.save': [
          {
            guard: 'draftIsWrong',
            actions: { type: 'refuse', params: ({ context }) => ({ problem: currencyProblem(context.draft)! }) },
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ currency: context.draft }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'accept', params: ({ event }) => event.output }, { type: 'notifySaved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'refuse', params: ({ event }) => ({ problem: event.error instanceof Error ? event.error.message : 'The settings could not be saved.' }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
