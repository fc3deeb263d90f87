import type { AnyStateMachine } from 'xstate';
import { activityEditorMachine } from './activity-editor.ts';
import { apiPartsMachine } from './api-parts.ts';
import { activityListMachine } from './activity-list.ts';
import { calendarMachine } from './calendar.ts';
import { calendarEventEditorMachine } from './calendar-event-editor.ts';
import { createUserMachine } from './create-user.ts';
import { bulkActionsMachine } from './bulk-actions.ts';
import { csvImportMachine } from './csv-import.ts';
import { customerEditorMachine } from './customer-editor.ts';
import { customerPageMachine } from './customer-page.ts';
import { customerListMachine } from './customer-list.ts';
import { dashboardMachine } from './dashboard.ts';
import { emailAttachmentsMachine } from './email-attachments.ts';
import { globalSearchMachine } from './global-search.ts';
import { savedViewsMachine } from './saved-views.ts';
import { opportunityChoicesMachine } from './opportunity-choices.ts';
import { opportunityEditorMachine } from './opportunity-editor.ts';
import { opportunityPageMachine } from './opportunity-page.ts';
import { opportunityListMachine } from './opportunity-list.ts';
import { pipelineBoardMachine } from './pipeline-board.ts';
import { salespersonEditorMachine } from './salesperson-editor.ts';
import { salespersonListMachine } from './salesperson-list.ts';
import { tenantSettingsMachine } from './tenant-settings.ts';
import { sessionMachine } from './session.ts';
import { signupMachine } from './signup.ts';
import { teamEditorMachine } from './team-editor.ts';
import { teamListMachine } from './team-list.ts';
import { updateUserMachine } from './update-user.ts';
import { userListMachine } from './user-list.ts';

/** One machine of the app, as tools (inspector, charts, path tests, /machines) list it. */
export interface CatalogueEntry {
  /** The machine's own id: the name of its chart in docs/machines/. */
  id: string;
  /** One line on what the machine governs. */
  governs: string;
  machine: AnyStateMachine;
}

/**
 * Every machine of the app, in the order a person meets them. This is the only
 * list of machines: anything that needs them all reads it from here (a test
 * fails when a machine in src/machines is missing).
 */
export const machineCatalogue: readonly CatalogueEntry[] = [
  entry(sessionMachine, 'Sign-in, the checks after it, token refresh, and every way a session ends.'),
  entry(globalSearchMachine, 'The global search dialog: typing, the pause before asking, the latest search only, moving through the hits and opening one.'),
  entry(apiPartsMachine, 'Which optional parts of the CRM API the screens may use: declared, read from the API\'s document, or the specification\'s calls only.'),
  entry(signupMachine, 'The sign-up form: validation, one request at a time, and the answer shown.'),
  entry(savedViewsMachine, 'A person\'s saved views of the lists: loading them, naming and saving a list\'s filters, and removing one.'),
  entry(dashboardMachine, 'The revenue dashboard: loading a year, the three filters, and the empty and failed states.'),
  entry(opportunityListMachine, 'The opportunity list: loading a year, search, sort and pages, and the empty and failed states.'),
  entry(opportunityEditorMachine, 'Add and Edit Opportunity: loading the opportunity and its choices, the form, the save, leaving a changed form, and a delete with Undo.'),
  entry(opportunityPageMachine, 'An opportunity\'s page: its figures, its timeline a page at a time, a note, an activity or an event added from the page, and leaving with something unsaved.'),
  entry(pipelineBoardMachine, 'The pipeline board: loading a year\'s columns for everyone or one salesperson, paging each column, and moving a deal (picked up, carried, dropped, saved, or put back when refused).'),
  entry(customerListMachine, 'The customer list: loading the stored customers summed for a year, another year, search, sort and pages kept in the address, and the empty and failed states.'),
  entry(customerEditorMachine, 'Add and Edit Customer: loading the customer, the form with its checks, the save, leaving a changed form, and a delete with Undo.'),
  entry(customerPageMachine, 'A customer\'s page: its details and opportunities, the timeline of it and them, a note, an activity or an event added from the page, and leaving with something unsaved.'),
  entry(calendarMachine, 'The calendar: the month shown (moved to, or chosen among every year holding data), loading its year of opportunities and events when it changes, and the failed state.'),
  entry(calendarEventEditorMachine, 'Add and Edit Event: loading the event and the salespersons to choose from, the form with its checks, the save, leaving a changed form, and a delete with Undo.'),
  entry(activityListMachine, 'The activity list: loading, the four views, search, sort and pages kept in the address, the clock that makes activities overdue, and marking one done.'),
  entry(activityEditorMachine, 'Add and Edit Activity: loading the activity and its choices, the form, the save, leaving a changed form, and a delete with Undo.'),
  entry(opportunityChoicesMachine, 'A form\'s opportunity choice: nothing asked until its list opens, then the server searched once the typing pauses, the latest text only.'),
  entry(userListMachine, 'The user list: the list kit\'s machine (loading, reloading behind the rows after a save, search, sort and pages kept in the address, chosen rows) beside which modal is open.'),
  entry(createUserMachine, 'The Create User modal: the form, the roles the signed-in user may give, and the two saves.'),
  entry(updateUserMachine, 'The Update User modal: the form, the roles that may be assigned, and the save.'),
  entry(salespersonListMachine, 'The salesperson list: loading the tenant\'s salespersons, the empty and failed states, and reloading.'),
  entry(tenantSettingsMachine, 'Settings: loading the tenant\'s currency, checking a new code as the server does, and saving it.'),
  entry(salespersonEditorMachine, 'Edit Salesperson: loading the record and its teams, the phone and mobile form, and the save.'),
  entry(teamListMachine, 'The team list: loading the tenant\'s teams with their members, the search, and the empty and failed states.'),
  entry(teamEditorMachine, 'Add and Edit Team: loading the team and the salespersons to choose from, the form, the save, leaving a changed form, and a delete with Undo.'),
  entry(bulkActionsMachine, 'Chosen rows of a list: choosing them, exporting them or the whole list as CSV, reassigning opportunities, and deleting after a confirmation.'),
  entry(csvImportMachine, 'CSV import: the file, its columns matched to fields, every row checked, the confirmation, the all-or-nothing import with its progress, and the report.'),
  entry(emailAttachmentsMachine, 'The e-mail attachment library: loading, search, one upload, download or confirmed delete at a time, and the empty and failed states.'),
];

function entry(machine: AnyStateMachine, governs: string): CatalogueEntry {
  return { id: machine.id, governs, machine };
}
