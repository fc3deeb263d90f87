import { BLANK_TEAM_FORM, TEAM_FIELDS, TEAM_SAVED_MESSAGES, teamProblems, type TeamChoices, type TeamForm } from '../domain/teams/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Team and /edit-Team/:id: a team's name and members, saved back to the team list. */
export const teamEditorMachine = createRecordEditorMachine<TeamForm, TeamChoices>({
  id: 'teamEditor',
  blankForm: BLANK_TEAM_FORM,
  problemsOf: teamProblems,
  fields: TEAM_FIELDS,
  messages: TEAM_SAVED_MESSAGES,
  listRoute: '/team',
});
