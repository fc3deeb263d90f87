import {
  ACTIVITY_MESSAGES,
  BLANK_ACTIVITY_FORM,
  activityProblem,
  type ActivityChoices,
  type ActivityForm,
} from '../domain/activities/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Activity and /edit-Activity/:id: one activity's form, saved back to the activity list. */
export const activityEditorMachine = createRecordEditorMachine<ActivityForm, ActivityChoices>({
  id: 'activityEditor',
  blankForm: BLANK_ACTIVITY_FORM,
  problemOf: activityProblem,
  messages: { created: ACTIVITY_MESSAGES.created, updated: ACTIVITY_MESSAGES.updated, deleted: 'Activity deleted successfully' },
  listRoute: '/activity',
});
