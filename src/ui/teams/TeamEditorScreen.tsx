import { useLocation } from 'wouter';
import { MAX_TEAM_NAME_LENGTH } from '../../domain/teams/editor.ts';
import { teamEditorFlow } from '../../wiring/team-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { InputField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useFormField, useRecordEditor } from '../kit/record-editor/use-record-editor.ts';
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
  const editor = useRecordEditor(teamEditorFlow, recordId);
  const [name, setName, nameProblem] = useFormField(editor, 'name');
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Team' : 'Edit Team'} subject="the team">
      <InputField label="Name" value={name} problem={nameProblem} onChange={setName} required wide maxLength={MAX_TEAM_NAME_LENGTH} />
      <MemberChecklist editor={editor} />
    </RecordEditorFrame>
  );
}
