import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { currencyProblem } from '../domain/money.ts';
import {
  stageProbabilitiesOf,
  stageProbabilitiesProblem,
  stageProbabilityDrafts,
  type StageProbabilities,
  type StageProbabilityDrafts,
} from '../domain/opportunities/pipeline.ts';

/** The settings as the API answers them. */
export interface TenantSettings {
  currency: string;
  stage_probabilities: StageProbabilities;
}

export interface TenantSettingsContext {
  /** The currency as stored. */
  saved: string;
  /** What the Super Admin is typing. */
  draft: string;
  problem: string | null;
  /** Each stage's default probability as typed. */
  probabilities: StageProbabilityDrafts;
  probabilityProblem: string | null;
}

export type TenantSettingsEvent =
  | { type: 'currency.change'; value: string }
  | { type: 'probability.change'; stage: string; value: string }
  | { type: 'settings.save' }
  | { type: 'retry' };

/**
 * /settings: the tenant's currency and its stages' default probabilities, read for
 * everyone and changed by its Super Admin. They are checked with the same rules the
 * server applies before they are sent; what the server refuses is shown, and the
 * drafts are kept.
 */
export const tenantSettingsMachine = setup({
  types: {
    context: {} as TenantSettingsContext,
    events: {} as TenantSettingsEvent,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    loadSettings: fromPromise<TenantSettings>(async () => {
      throw new Error('loadSettings must be provided');
    }),
    saveSettings: fromPromise<TenantSettings, TenantSettings>(async () => {
      throw new Error('saveSettings must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    notifySaved: (_, _params: TenantSettings) => {},
    edit: assign(({ event }) => {
      assertEvent(event, 'currency.change');
      return { draft: event.value.trim().toUpperCase(), problem: null };
    }),
    editProbability: assign(({ context, event }) => {
      assertEvent(event, 'probability.change');
      return { probabilities: { ...context.probabilities, [event.stage]: event.value }, probabilityProblem: null };
    }),
    accept: assign((_, params: TenantSettings) => ({
      saved: params.currency,
      draft: params.currency,
      problem: null,
      probabilities: stageProbabilityDrafts(params.stage_probabilities),
      probabilityProblem: null,
    })),
    refuse: assign(({ context }) => ({
      problem: currencyProblem(context.draft),
      probabilityProblem: stageProbabilitiesProblem(stageProbabilitiesOf(context.probabilities)),
    })),
    refuseSaved: assign((_, params: { problem: string }) => ({ problem: params.problem })),
  },
  guards: {
    draftIsWrong: ({ context }) =>
      currencyProblem(context.draft) !== null || stageProbabilitiesProblem(stageProbabilitiesOf(context.probabilities)) !== null,
  },
}).createMachine({
  id: 'tenantSettings',
  context: { saved: '', draft: '', problem: null, probabilities: {}, probabilityProblem: null },
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
    failed: { on: { 'retry': 'loading' } },
    editing: {
      on: {
        'currency.change': { actions: 'edit' },
        'probability.change': { actions: 'editProbability' },
        'settings.save': [{ guard: 'draftIsWrong', actions: 'refuse' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ currency: context.draft, stage_probabilities: stageProbabilitiesOf(context.probabilities) }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'accept', params: ({ event }) => event.output }, { type: 'notifySaved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'refuseSaved', params: ({ event }) => ({ problem: event.error instanceof Error ? event.error.message : 'The settings could not be saved.' }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
