import {
  BLANK_OPPORTUNITY_FORM,
  OPPORTUNITY_FIELD_OF_BODY,
  OPPORTUNITY_FIELDS,
  OPPORTUNITY_SAVED_MESSAGES,
  opportunityProblems,
  type OpportunityChoices,
  type OpportunityForm,
} from '../domain/opportunities/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Opportunity and /edit-Opportunity/:id: one opportunity's form, saved back to the opportunity list. */
export const opportunityEditorMachine = createRecordEditorMachine<OpportunityForm, OpportunityChoices>({
  id: 'opportunityEditor',
  blankForm: BLANK_OPPORTUNITY_FORM,
  problemsOf: opportunityProblems,
  fields: OPPORTUNITY_FIELDS,
  fieldOfBody: (field) => OPPORTUNITY_FIELD_OF_BODY[field as keyof typeof OPPORTUNITY_FIELD_OF_BODY] ?? field,
  messages: OPPORTUNITY_SAVED_MESSAGES,
  listRoute: '/opportunity',
});
