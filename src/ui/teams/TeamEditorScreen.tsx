import { useLocation } from 'wouter';
import { found, type CrmClient } from '../../api/client.ts';
import { BLANK_TEAM_FORM, MAX_TEAM_NAME_LENGTH, teamFormOf, teamWriteOf, type TeamChoices, type TeamForm } from '../../domain/teams/editor.ts';
import { teamEditorMachine } from '../../machines/team-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { useServices, useSession } from '../kit/services.tsx';
import { InputField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useFormField, useRecordEditor, type RecordEditorIo } from '../kit/record-editor/use-record-editor.ts';
import { MemberChecklist } from './MemberChecklist.tsx';
import './teams.css';

const ADD_ROUTE = '/add-Team';

/** /add-Team and /edit-Team/:id: a team's name and its members, chosen from the tenant's salespersons. */
export default function TeamEditorScreen() {
  const [path] = useLocation();
  const recordId = editedRecordOf(path, ADD_ROUTE);
  if (recordId === undefined) return <NotFound />;
  // A key per record: another team's address is another editor.
  return <TeamEditor key={recordId ?? 'new'} recordId={recordId} />;
}

function TeamEditor({ recordId }: { recordId: number | null }) {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const editor = useRecordEditor(teamEditorMachine, recordId, teamIo(api, tenantId));
  const [name, setName, nameProblem] = useFormField(editor, 'name');
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Team' : 'Edit Team'} subject="the team">
      <InputField label="Name" value={name} problem={nameProblem} onChange={setName} required wide maxLength={MAX_TEAM_NAME_LENGTH} />
      <MemberChecklist editor={editor} />
    </RecordEditorFrame>
  );
}

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
  };
}
