import {
  ACTIVITY_FIELD_OF_BODY,
  ACTIVITY_FIELDS,
  ACTIVITY_SAVED_MESSAGES,
  BLANK_ACTIVITY_FORM,
  activityProblems,
  type ActivityChoices,
  type ActivityForm,
} from '../domain/activities/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Activity and /edit-Activity/:id: one activity's form, saved back to the activity list. */
export const activityEditorMachine = createRecordEditorMachine<ActivityForm, ActivityChoices>({
  id: 'activityEditor',
  blankForm: BLANK_ACTIVITY_FORM,
  problemsOf: activityProblems,
  fields: ACTIVITY_FIELDS,
  fieldOfBody: (field) => ACTIVITY_FIELD_OF_BODY[field as keyof typeof ACTIVITY_FIELD_OF_BODY] ?? field,
  messages: ACTIVITY_SAVED_MESSAGES,
  listRoute: '/activity',
});
