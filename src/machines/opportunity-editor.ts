import {
  BLANK_OPPORTUNITY_FORM,
  OPPORTUNITY_MESSAGES,
  opportunityProblem,
  type OpportunityChoices,
  type OpportunityForm,
} from '../domain/opportunities/editor.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** /add-Opportunity and /edit-Opportunity/:id: one opportunity's form, saved back to the opportunity list. */
export const opportunityEditorMachine = createRecordEditorMachine<OpportunityForm, OpportunityChoices>({
  id: 'opportunityEditor',
  blankForm: BLANK_OPPORTUNITY_FORM,
  problemOf: opportunityProblem,
  messages: { created: OPPORTUNITY_MESSAGES.created, updated: OPPORTUNITY_MESSAGES.updated, deleted: 'Opportunity deleted successfully' },
  listRoute: '/opportunity',
});
