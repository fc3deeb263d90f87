import { BLANK_TEAM_FORM, TEAM_MESSAGES, teamProblem, type TeamChoices, type TeamForm } from '../domain/teams/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Team and /edit-Team/:id: a team's name and members, saved back to the team list. */
export const teamEditorMachine = createRecordEditorMachine<TeamForm, TeamChoices>({
  id: 'teamEditor',
  blankForm: BLANK_TEAM_FORM,
  problemOf: teamProblem,
  messages: { created: TEAM_MESSAGES.created, updated: TEAM_MESSAGES.updated, deleted: 'Team deleted successfully' },
  listRoute: '/team',
});
