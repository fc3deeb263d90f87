import { found, type CrmClient } from '../api/client.ts';
import { BLANK_TEAM_FORM, teamFormOf, teamWriteOf, type TeamChoices, type TeamForm } from '../domain/teams/editor.ts';
import { teamEditorMachine } from '../machines/team-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

export const teamEditorFlow: Wiring<typeof teamEditorMachine> = (services, caller) =>
  recordEditorFlow(teamEditorMachine, teamIo(services.api, caller.tenantId), services);

/** The team and the salespersons to choose from, and its save, through the API client. */
function teamIo(api: CrmClient, tenantId: number): RecordEditorIo<TeamForm, TeamChoices> {
  return {
    async loadEditor({ id }) {
      const [salespersons, team] = await Promise.all([
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
        id === null ? null : found(api.GET('/api/teams/{id}', { params: { path: { id } } })),
      ]);
      return {
        form: team ? teamFormOf(team) : BLANK_TEAM_FORM,
        choices: { salespersons: salespersons.map(({ id: salespersonId, name }) => ({ id: salespersonId, name })) },
      };
    },
    async saveRecord({ id, form }) {
      const body = teamWriteOf(form);
      return id === null
        ? found(api.POST('/api/teams', { body }))
        : found(api.PUT('/api/teams/{id}', { params: { path: { id } }, body }));
    },
    async deleteRecord({ id }) {
      await found(api.DELETE('/api/teams/{id}', { params: { path: { id } } }));
    },
    deletePart: 'records',
  };
}
