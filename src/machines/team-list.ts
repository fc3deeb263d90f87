import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { searchTeams, type TeamWithMembers } from '../domain/teams';

export interface TeamListContext {
  tenantId: number;
  teams: readonly TeamWithMembers[];
  search: string;
  /** `teams` filtered by the search text. */
  visible: readonly TeamWithMembers[];
}

export type TeamListEvent = { type: 'search.change'; value: string } | { type: 'retry' };

/**
 * The team list (/team): the tenant's teams with their members, loaded once per
 * visit, searchable by team or member name; a tenant without teams is its own state.
 */
export const teamListMachine = setup({
  types: {
    input: {} as { tenantId: number },
    context: {} as TeamListContext,
    events: {} as TeamListEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadTeams: fromPromise<TeamWithMembers[], { tenantId: number }>(async () => {
      throw new Error('loadTeams must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    acceptTeams: assign(({ context }, params: { teams: readonly TeamWithMembers[] }) => ({
      teams: params.teams,
      visible: searchTeams(params.teams, context.search),
    })),
    search: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { search: event.value, visible: searchTeams(context.teams, event.value) };
    }),
  },
  guards: {
    isEmpty: (_, params: { teams: readonly TeamWithMembers[] }) => params.teams.length === 0,
  },
}).createMachine({
  id: 'teamList',
  context: ({ input }) => ({ tenantId: input.tenantId, teams: [], search: '', visible: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadTeams',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ teams: event.output }) }, target: 'empty' },
          { target: 'ready', actions: { type: 'acceptTeams', params: ({ event }) => ({ teams: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'search.change': { actions: 'search' } } },
    empty: {},
    failed: { on: { 'retry': 'loading' } },
  },
});
