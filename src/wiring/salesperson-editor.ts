import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { salespersonEditorMachine } from '../machines/salesperson-editor.ts';
import { feedbackWithNavigation, type Wiring } from './wiring.ts';

export const salespersonEditorFlow: Wiring<typeof salespersonEditorMachine> = (services) =>
  salespersonEditorMachine.provide({
    actors: {
      loadSalesperson: fromPromise(({ input }) =>
        found(services.api.GET('/api/salespersons/{id}', { params: { path: { id: input.id } } })),
      ),
      loadTeams: fromPromise(({ input }) => found(services.api.POST('/api/teams/searchTeam', { body: input }))),
      saveSalesperson: fromPromise(({ input }) =>
        found(services.api.PUT('/api/salespersons/{id}', { params: { path: { id: input.id } }, body: input.body })),
      ),
    },
    actions: feedbackWithNavigation(services),
  });
