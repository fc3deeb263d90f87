import { describe, expect, test } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type AdjacencyValue } from 'xstate/graph';
import type { Salesperson, User } from '../../../src/api/client.ts';
import { machineCatalogue } from '../../../src/machines/catalogue.ts';
import { readImportFile } from '../../../src/domain/csv/imports.ts';
import { toRows } from '../../../src/domain/users/list-view.ts';
import { ProfileBusy, RefreshRefused } from '../../../src/machines/session.ts';
import { ADMIN, SUPER_ADMIN, USER } from '../../../src/domain/rules/roles.ts';
import { DEFAULT_STAGE_PROBABILITIES } from '../../../src/domain/opportunities/pipeline.ts';

/*
 * Path tests generated from every machine in the catalogue. For each machine a
 * model names the events a person and the machine's actors can produce (an
 * actor's answer is its done or error event); xstate's graph utilities walk
 * every state reachable with them. One path is replayed per transition that
 * any reachable state can take, in a real actor, and the replay must end where
 * the traversal said. Every state node and every transition definition of the
 * machine must be reached along the way, and the numbers of states and paths
 * are pinned, so a new state or transition without a path here fails.
 */

type Snapshot = SnapshotFrom<AnyStateMachine>;

interface PathModel {
  input?: unknown;
  /**
   * Instead of one input, several starts, each explored on its own (a record
   * editor adding and editing); their states and paths add up.
   */
  inputs?: unknown[];
  /** The events to try in every state; only those the state can take are followed. */
  events: (machine: AnyStateMachine) => Array<EventObject | EventObject[]>;
  /**
   * Count each start as a path of its own, for a machine some of whose inputs settle
   * at once in a state that takes no event (the paths above never replay those).
   */
  startsArePaths?: boolean;
  /** What besides the state value tells two states apart for the machine's guards. */
  distinguish?: (snapshot: Snapshot) => unknown;
}

/**
 * Reachable states (state value plus what the model distinguishes) and paths
 * (one per transition a reachable state can take) for each machine. A change
 * here is a change of behaviour: say why in the commit.
 */
const EXPECTED: Record<string, { states: number; paths: number }> = {
  // token.missing and token.rejected send the person to /signin from every state; an
  // ending (expired) waits for 'Sign in' instead of starting again when /signin opens.
  session: { states: 29, paths: 121 },
  // Declared at once; or learning, then discovered, or the spec only after a failure, a
  // foreign answer or the time-out. Each start is a path (the declared one has no other).
  apiParts: { states: 4, paths: 6 },
  // 8 fillings of the three fields while editing, then submitting, succeeded, done.
  signup: { states: 19, paths: 71 },
  // Last year's load (for the headline) starts once the chart is ready, not beside the year's.
  // Since issue 18 (second pass) two starts: the specification's calls only, as before (24 states,
  // 168 paths: ready now names last year's load waiting, loading or settled); and with the days of
  // a year (34, 223): the days instead of the opportunities while loading, then the year's
  // opportunities loading or failed behind the chart, and last year's only for one salesperson.
  dashboard: { states: 58, paths: 391 },
  // Since issue 17 an address (Back, a saved view) can change the search, sort and page in every state.
  // Since issue 20 the list kit's machine runs the rows (a region beside the modal): a first load
  // without users is the kit's empty state, and a reload behind the rows may bring none.
  userList: { states: 24, paths: 242 },
  // 32 fillings of the five text fields while editing, then the two saves and three endings.
  // Since issue 16, a changed form asks before it is closed or left (for a link or Back), and
  // the question keeps the form and where the person was going: 31 changed forms × (closing, leaving), and left.
  createUser: { states: 100, paths: 416 },
  // An Admin updating a User, then the read-only Super Admin (editing and closed only).
  // Since issue 16, a changed form asks before it is closed or left, as Create User does.
  updateUser: { states: 40, paths: 131 },
  // Typing, loading, ready, empty and failed, by the page asked for, the last answer (none,
  // eleven or nothing found) and whether a search or filter narrows it; every change asks again.
  opportunityList: { states: 25, paths: 231 },
  // Adding, then editing: each loading, failed, not found, two fillings of the form
  // (with and without a customer), saving, saved and cancelled.
  // Since issue 16, for the stored record also: asking to leave a changed form, confirming a
  // delete, its Undo window, deleting, deleted and left; and a save refused about a field.
  opportunityEditor: { states: 26, paths: 48 },
  // Loading, failed, not found; then the timeline (idle, loading older, refreshing; older entries or
  // not) × the note (written or not, saving) × the activity dialog (closed, open changed or not,
  // asking to close, saving) × leaving (free or asking).
  opportunityPage: { states: 153, paths: 1159 },
  customerPage: { states: 153, paths: 1159 },
  // Loading, failed, and the board: deal 1 in Qualification or Proposal, picked up over
  // either column, saving or settled, Qualification with a page to load or not; for two
  // years and everyone's or the caller's own deals.
  pipelineBoard: { states: 80, paths: 412 },
  // Each year (this one, 2025 by choice, 2024 by address) loading, empty (no customer at all) or failed, and ready
  // by search (none, 'zz', 'acme'), sort (largest revenue first, or by name) and page (one of two): the stored
  // customers are listed in any year.
  customerList: { states: 39, paths: 282 },
  // Adding, then editing: each loading, failed, not found, the form with and without
  // a name, saving, saved and cancelled.
  // Since issue 16, for the stored record also: asking to leave a changed form, confirming a
  // delete, its Undo window, deleting, deleted and left; and a save refused about a field.
  customerEditor: { states: 26, paths: 48 },
  // Loading, empty, failed; ready by search (none, 'zz', 'rep'), sort (name or e-mail, either way) and page (one of two).
  salespersonList: { states: 64, paths: 246 },
  // Loading, failed, editing with each draft (blank, USD, ABC) and problem, and the
  // negotiation probability as loaded or out of range, with its problem shown or not; saving.
  tenantSettings: { states: 22, paths: 75 },
  salespersonEditor: { states: 18, paths: 51 },
  // Loading, empty, failed; ready by search (none, 'north', 'south'), sort (name or size, either way) and page (one of two).
  teamList: { states: 48, paths: 184 },
  // Adding, then editing: each loading, failed, not found, the form with and without
  // a name, saving, saved and cancelled.
  // Since issue 16, for the stored record also: asking to leave a changed form, confirming a
  // delete, its Undo window, deleting, deleted and left; and a save refused about a field.
  teamEditor: { states: 26, paths: 48 },
  // Twenty-six months (January 2025 to a year after February 2026), each loading its
  // opportunities and events (both, or one of them still), ready or failed.
  // Since issue 16, every month of a year the API names as holding data (2027 here, to December)
  // and a month or year chosen directly.
  calendar: { states: 310, paths: 2753 },
  // Adding, then editing: each loading, failed, not found, the form with and without
  // a title, saving, saved and cancelled.
  // Since issue 16, for the stored record also: asking to leave a changed form, confirming a
  // delete, its Undo window, deleting, deleted and left; and a save refused about a field.
  calendarEventEditor: { states: 26, paths: 48 },
  // Loading, empty, failed, and ready idle or saving a done mark, each on one page of one
  // or on the first or second of two, in three views (To do, Overdue, All by address) and two orders (by due time or subject).
  activityList: { states: 57, paths: 546 },
  // Adding, then editing: each loading, failed, not found, the form with and without
  // a subject, saving, saved and cancelled.
  // Since issue 16, for the stored record also: asking to leave a changed form, confirming a
  // delete, its Undo window, deleting, deleted and left; and a save refused about a field.
  activityEditor: { states: 26, paths: 48 },
  // Idle until the list opens; searching, ready and failed with the empty text (the list opened) or
  // with one typed, and pausing before asking for one typed.
  opportunityChoices: { states: 8, paths: 16 },
  // Loading and failed; then idle, naming (named or not, a problem shown or not), saving and deleting,
  // with none, one or two views kept.
  savedViews: { states: 24, paths: 59 },
  // Open: idle, nothing or failed with no hit; found with the first or second hit active; pausing
  // and searching while those hits still show, or none; closed with whichever was active.
  globalSearch: { states: 14, paths: 73 },
  // Loading and failed; then the list ready or empty, each with nothing or a file chosen, and
  // one upload, download, confirmation or delete at a time.
  emailAttachments: { states: 17, paths: 67 },
  // Loading, the upload, the mapping with and without the revenue column and a fallback salesperson, the preview
  // of one valid and one refused row (or both valid with the fallback), the confirmation, importing, failed, done.
  csvImport: { states: 28, paths: 83 },
  // Three starts (a manager's opportunity list, the user list, a User's opportunity list), with none, one or two rows chosen.
  bulkActions: { states: 32, paths: 111 },
};

// ---- answers of the machines' actors -------------------------------------------------

/** The done events of the actor invoked from `src`, one per place it is invoked, with its output. */
function done(machine: AnyStateMachine, src: string, output: unknown): EventObject[] {
  return invokeIdsOf(machine, src).map((id) => ({ type: `xstate.done.actor.${id}`, output }) as EventObject);
}

function failed(machine: AnyStateMachine, src: string, error: unknown = new Error('503')): EventObject[] {
  return invokeIdsOf(machine, src).map((id) => ({ type: `xstate.error.actor.${id}`, error }) as EventObject);
}

/** A save the server refused with a problem under `field` (the `{ message, fields }` answer, as the API client keeps it). */
function refused(machine: AnyStateMachine, src: string, field: string): EventObject[] {
  return failed(machine, src, Object.assign(new Error('Refused'), { status: 400, problems: [{ field, message: 'Refused here.' }] }));
}

function invokeIdsOf(machine: AnyStateMachine, src: string): string[] {
  const ids = new Set(
    getStateNodes(machine.root).flatMap((node) => node.invoke.filter((invoke) => invoke.src === src).map((invoke) => invoke.id)),
  );
  if (ids.size === 0) throw new Error(`${machine.id} never invokes ${src}`);
  return [...ids];
}

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

const FAR_FUTURE = 4_000_000_000;
const tokens = (claims: Record<string, unknown>) => ({
  accessToken: jwt(claims),
  refreshToken: 'refresh',
  idToken: 'id',
  clockSkewSeconds: 0,
});
const fullAccess = { email: 'rep@demo.test', resource_access: { 'crm-app': { roles: ['crm-access'] } } };

const user = (id: number, role_id = USER): User => ({
  id,
  name: `User ${id}`,
  email: `user${id}@demo.test`,
  password: '********',
  tenant_id: 1,
  role_id: role_id as User['role_id'],
  status: 1,
  role: role_id === SUPER_ADMIN ? 'Super Admin' : role_id === ADMIN ? 'Admin' : 'User',
});

const rep: Salesperson = {
  id: 3,
  name: 'Grace Hopper',
  email: 'grace@demo.test',
  phone: '020 7946 0000',
  mobile: '+44 7700 900000',
  latest_login: null,
  status: 1,
};

/** `count` opportunities created in 2026, as the opportunity screens load a year. */
const yearOf = (count: number) => ({
  opportunities: Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    created_date: `2026-03-${String(index + 1).padStart(2, '0')}T12:00:00.000Z`,
    revenue: 1000 * (index + 1),
    probability: 50,
    salesperson_id: rep.id,
    customer: index % 2 === 0 ? 'Acme' : 'Globex',
    stage: 'proposal',
  })),
  salespersons: [{ id: rep.id, name: rep.name }],
});

/**
 * The model of an editor made by `createRecordEditorMachine`, adding and editing: a required
 * field emptied and filled again (the form with and without a problem), and every answer of
 * its two actors, a load's 404 included.
 */
function recordEditorModel(form: Record<string, unknown>, choices: unknown, required: string): PathModel {
  return {
    inputs: [{ recordId: null }, { recordId: 7 }],
    events: (machine) => [
      { type: 'form.change', patch: { [required]: '' } },
      { type: 'form.change', patch: { [required]: form[required] } },
      { type: 'form.submit' },
      { type: 'retry' },
      { type: 'editor.cancel' },
      done(machine, 'loadEditor', { form, choices }),
      failed(machine, 'loadEditor'),
      failed(machine, 'loadEditor', Object.assign(new Error('Not found'), { status: 404 })),
      done(machine, 'saveRecord', { id: 7 }),
      failed(machine, 'saveRecord'),
      refused(machine, 'saveRecord', required),
      { type: 'leave.request', to: '/dashboard' },
      { type: 'leave.confirm' },
      { type: 'leave.cancel' },
      { type: 'delete.request' },
      { type: 'delete.confirm' },
      { type: 'delete.cancel' },
      { type: 'delete.undo' },
      ...afterEvents(machine),
      done(machine, 'deleteRecord', undefined),
      failed(machine, 'deleteRecord'),
    ],
    distinguish: (snapshot) => (snapshot.matches('editing') ? { [required]: snapshot.context.form[required] } : null),
  };
}

/**
 * The model of a record page (/opportunity/:id, /customer/:id): its load and every answer, the
 * timeline with older entries and without, a note written or not, an activity dialog changed or
 * not, and leaving with something typed.
 */
function recordPageModel(): PathModel {
  const draftActivity = { kind: 'call', subject: '', dueDate: '2026-06-15', dueTime: '10:00', duration: '', salespersonId: '3', opportunityId: '7', notes: '', done: false };
  const draftEvent = { title: '', allDay: false, startDate: '2026-06-15', startTime: '10:00', endDate: '2026-06-15', endTime: '11:00', location: '', salespersonId: '3', notes: '', opportunityId: '7' };
  return {
    input: { recordId: 7 },
    events: (machine) => [
      done(machine, 'loadRecord', {
        summary: {},
        timeline: { entries: [], hasMore: true },
        choices: { salespersons: [{ id: rep.id, name: rep.name }], opportunities: [{ id: 7, label: '#7' }] },
        drafts: { activity: draftActivity, event: draftEvent },
      }),
      failed(machine, 'loadRecord'),
      failed(machine, 'loadRecord', Object.assign(new Error('Not found'), { status: 404 })),
      { type: 'retry' },
      { type: 'timeline.more' },
      done(machine, 'loadTimeline', { entries: [], hasMore: false }),
      failed(machine, 'loadTimeline'),
      { type: 'note.change', value: 'Budget confirmed' },
      { type: 'note.change', value: '' },
      { type: 'note.submit' },
      done(machine, 'addNote', undefined),
      failed(machine, 'addNote'),
      { type: 'quickAdd.open', kind: 'activity' },
      { type: 'quickAdd.change', patch: { subject: 'Call' } },
      { type: 'quickAdd.submit' },
      { type: 'quickAdd.close' },
      { type: 'quickAdd.keep' },
      { type: 'quickAdd.discard' },
      done(machine, 'addQuick', undefined),
      failed(machine, 'addQuick'),
      { type: 'leave.request', to: '/dashboard' },
      { type: 'leave.confirm' },
      { type: 'leave.cancel' },
    ],
    distinguish: (snapshot) =>
      snapshot.matches('ready')
        ? {
            more: snapshot.context.timeline.hasMore,
            note: snapshot.context.note !== '',
            changed: JSON.stringify(snapshot.context.quickAdd) !== JSON.stringify(snapshot.context.quickAddOpened),
          }
        : null,
  };
}

/** A user modal's state: the form while it is edited or its loss asked about, and where the person was going. */
function userModalState(snapshot: Snapshot): unknown {
  if (snapshot.matches('editing')) return { form: snapshot.context.form };
  if (snapshot.matches('confirmingLeave')) return { form: snapshot.context.form, to: snapshot.context.leaveTo };
  return null;
}

// ---- one model per catalogue machine -------------------------------------------------

const MODELS: Record<string, PathModel> = {
  session: {
    input: { settings: { clientId: 'crm-app', minValiditySeconds: 5, pollIntervalMs: 5000, logoutNoticeMs: 3000 } },
    events: (machine) => [
      { type: 'session.login' },
      { type: 'session.logout' },
      { type: 'token.refresh' },
      { type: 'token.rejected' },
      { type: 'token.missing' },
      { type: 'session.signin' },
      done(machine, 'initialise', { tokens: null }),
      done(machine, 'initialise', { tokens: tokens({ ...fullAccess, exp: FAR_FUTURE }) }),
      // A reload: the profile read at sign-in comes back with the tokens, and is not asked again.
      done(machine, 'initialise', {
        tokens: tokens({ ...fullAccess, exp: FAR_FUTURE }),
        profile: { id: 7, name: 'Rep', email: fullAccess.email, password: '', tenant_id: 1, role_id: USER },
      }),
      done(machine, 'initialise', { tokens: tokens({ ...fullAccess, exp: 0 }) }),
      done(machine, 'initialise', { tokens: tokens({ resource_access: fullAccess.resource_access, exp: FAR_FUTURE }) }),
      done(machine, 'initialise', { tokens: tokens({ email: fullAccess.email, exp: FAR_FUTURE }) }),
      failed(machine, 'initialise'),
      failed(machine, 'startLogin'),
      done(machine, 'lookupTenant', { subscriptionExpired: false }),
      done(machine, 'lookupTenant', { subscriptionExpired: true }),
      failed(machine, 'lookupTenant'),
      done(machine, 'loadProfile', { id: 7, name: 'Rep', email: fullAccess.email, password: '', tenant_id: 1, role_id: USER }),
      failed(machine, 'loadProfile'),
      // The server put the profile off (429): asked again after a while, nobody signed out.
      failed(machine, 'loadProfile', new ProfileBusy()),
      done(machine, 'refreshTokens', { accessToken: jwt({ ...fullAccess, exp: FAR_FUTURE }), refreshToken: 'r2', idToken: 'id' }),
      // A provider that hands out tokens already near expiry: the next check refreshes again.
      done(machine, 'refreshTokens', { accessToken: jwt({ ...fullAccess, exp: 0 }), refreshToken: 'r2', idToken: 'id' }),
      failed(machine, 'refreshTokens', new RefreshRefused('400')),
      failed(machine, 'refreshTokens', new Error('network')),
      ...afterEvents(machine),
    ],
    distinguish: (snapshot) => ({
      email: snapshot.context.claims?.email !== undefined,
      role: snapshot.context.claims?.clientRoles.length > 0,
      expiring: snapshot.context.claims?.expiresAt === 0,
    }),
  },

  apiParts: {
    inputs: [{ setting: 'discover' }, { setting: ['teams'] }],
    startsArePaths: true,
    events: (machine) => [
      done(machine, 'readApiDocument', { openapi: '3.1.0', paths: { '/api/teams/searchTeam': { post: {} } } }),
      done(machine, 'readApiDocument', { message: 'Not found' }),
      failed(machine, 'readApiDocument'),
      ...afterEvents(machine),
    ],
  },

  signup: {
    events: (machine) => [
      { type: 'form.change', field: 'email', value: 'newhire@demo.test' },
      { type: 'form.change', field: 'password', value: 'tulip-harbour-42' },
      { type: 'form.change', field: 'retypedPassword', value: 'tulip-harbour-42' },
      { type: 'signup.submit' },
      done(machine, 'submitSignup', { ok: true, status: 201 }),
      done(machine, 'submitSignup', { ok: false, status: 404 }),
      done(machine, 'submitSignup', { ok: false, status: 409 }),
      done(machine, 'submitSignup', { ok: false, status: 500 }),
      done(machine, 'submitSignup', { ok: false, status: 400, problems: [{ field: 'email', message: 'Refused here.' }] }),
      failed(machine, 'submitSignup'),
      ...afterEvents(machine),
    ],
    // The form matters only while it is being edited, and whether a toast is about a field.
    distinguish: (snapshot) =>
      snapshot.matches('editing')
        ? { form: snapshot.context.form, retyped: snapshot.context.retypedPassword, toast: snapshot.context.toastFields.length > 0 }
        : null,
  },

  dashboard: {
    // Against the specification's calls only, and with the days of a year (the optional part day-totals).
    inputs: [{ tenantId: 1, today: new Date(2026, 10, 22) }, { tenantId: 1, today: new Date(2026, 10, 22), fromDays: true }],
    events: (machine) => [
      { type: 'filters.granularity.change', granularity: 'month' },
      { type: 'filters.salesperson.change', salespersonId: 2 },
      // Not among the loaded salespersons: the view falls back to All.
      { type: 'filters.salesperson.change', salespersonId: 9 },
      { type: 'filters.year.change', year: 2025 },
      { type: 'retry' },
      done(machine, 'loadOpportunities', [
        { created_date: '2026-01-02T12:00:00.000Z', revenue: 2000, probability: 10, salesperson_id: 2 },
      ]),
      done(machine, 'loadOpportunities', []),
      done(machine, 'loadDays', { year: [{ date: '2026-01-02', opportunities: 1, revenue: 2000, weighted: 200 }], lastYear: [] }),
      done(machine, 'loadDays', { year: [], lastYear: [] }),
      done(machine, 'loadSalespersons', [{ id: 2, name: 'Grace Hopper' }]),
      failed(machine, 'loadOpportunities'),
      failed(machine, 'loadDays'),
      failed(machine, 'loadSalespersons'),
    ],
    distinguish: (snapshot) => ({
      salesperson: snapshot.context.filters.salespersonId,
      days: snapshot.context.days?.count ?? null,
      opportunities: snapshot.context.opportunities?.count ?? null,
      salespersons: snapshot.context.salespersons !== null,
    }),
  },

  userList: {
    input: { tenantId: 1, address: '', currentRoleId: ADMIN },
    events: (machine) => [
      { type: 'address.open', address: 'sort=email&dir=desc' },
      { type: 'search.change', value: 'user 1' },
      { type: 'sort.toggle', key: 'name' },
      { type: 'sort.change', sort: { key: 'role', direction: 'descending' } },
      { type: 'page.go', page: 2 },
      { type: 'page.previous' },
      { type: 'page.next' },
      { type: 'selection.toggle', id: 1 },
      { type: 'selection.page.toggle' },
      { type: 'retry' },
      { type: 'modal.create.open' },
      { type: 'modal.update.open', userId: 1 },
      // Not in the list: the modal stays closed.
      { type: 'modal.update.open', userId: 99 },
      // Eleven users: two pages.
      done(machine, 'loadRows', toRows(Array.from({ length: 11 }, (_, index) => user(index + 1)))),
      // No user at all (a company API might answer so): the list's empty state.
      done(machine, 'loadRows', []),
      failed(machine, 'loadRows'),
      done(machine, 'createUserModal', { saved: true }),
      done(machine, 'createUserModal', { saved: false }),
      done(machine, 'updateUserModal', { saved: true }),
      done(machine, 'updateUserModal', { saved: false }),
    ],
    distinguish: (snapshot) => ({ loaded: snapshot.context.rows.length > 0, page: snapshot.context.page }),
  },

  createUser: {
    // An Admin opens the modal: User is the only role they may give.
    input: { currentRoleId: ADMIN, existingEmails: new Set(['taken@demo.test']) },
    events: (machine) => [
      { type: 'form.change', field: 'name', value: 'Ada Lovelace' },
      { type: 'form.change', field: 'email', value: 'ada@demo.test' },
      { type: 'form.change', field: 'password', value: 'tulip-harbour-42' },
      { type: 'form.change', field: 'phone', value: '+15550100' },
      { type: 'form.change', field: 'mobile', value: '5550101' },
      { type: 'form.role.change', roleId: USER },
      { type: 'form.role.change', roleId: SUPER_ADMIN },
      { type: 'form.submit' },
      { type: 'modal.close' },
      { type: 'leave.request', to: '/dashboard' },
      { type: 'leave.confirm' },
      { type: 'leave.cancel' },
      done(machine, 'createUser', user(12)),
      failed(machine, 'createUser'),
      refused(machine, 'createUser', 'email'),
      done(machine, 'createSalesperson', { ...rep, id: 12 }),
      failed(machine, 'createSalesperson'),
    ],
    distinguish: userModalState,
  },

  updateUser: {
    // An Admin updates a User (Admin or User may be given), and opens the Super Admin (read-only).
    inputs: [
      { user: user(5), caller: { id: 2, role_id: ADMIN }, existingEmails: new Set(['user5@demo.test', 'taken@demo.test']) },
      { user: { ...user(1), role_id: SUPER_ADMIN }, caller: { id: 2, role_id: ADMIN }, existingEmails: new Set(['user1@demo.test']) },
    ],
    events: (machine) => [
      { type: 'form.change', field: 'name', value: '' },
      { type: 'form.change', field: 'name', value: 'Ada Lovelace' },
      { type: 'form.change', field: 'newPassword', value: 'new-password' },
      { type: 'form.role.change', roleId: ADMIN },
      { type: 'form.role.change', roleId: SUPER_ADMIN },
      { type: 'form.submit' },
      { type: 'modal.close' },
      { type: 'leave.request', to: '/dashboard' },
      { type: 'leave.confirm' },
      { type: 'leave.cancel' },
      done(machine, 'updateUser', user(5)),
      failed(machine, 'updateUser'),
      refused(machine, 'updateUser', 'email'),
    ],
    distinguish: userModalState,
  },

  opportunityList: {
    input: { tenantId: 1, year: 2026, address: '' },
    events: (machine) => [
      { type: 'year.change', year: 2025 },
      { type: 'retry' },
      { type: 'search.change', value: 'acme' },
      { type: 'mine.toggle' },
      { type: 'stage.change', stage: 'proposal' },
      { type: 'sort.toggle', key: 'revenue' },
      { type: 'page.go', page: 2 },
      { type: 'page.previous' },
      { type: 'page.next' },
      { type: 'address.open', address: 'stage=proposal' },
      { type: 'xstate.after.typing.opportunityList.typing' },
      // Eleven opportunities found: two pages; the server answers the page asked for.
      done(machine, 'loadPage', { page: 1, total: 11, revenue: 11, weighted: 4, rows: [] }),
      done(machine, 'loadPage', { page: 2, total: 11, revenue: 11, weighted: 4, rows: [] }),
      // Nothing found.
      done(machine, 'loadPage', { page: 1, total: 0, revenue: 0, weighted: 0, rows: [] }),
      failed(machine, 'loadPage'),
    ],
    distinguish: (snapshot) => ({
      page: snapshot.context.page,
      answered: snapshot.context.answer?.total ?? null,
      narrowed: snapshot.context.search !== '' || snapshot.context.stage !== '' || snapshot.context.mine,
    }),
  },

  opportunityEditor: recordEditorModel(
    { customer: 'Acme', salespersonId: String(rep.id), stage: 'proposal', date: '2026-03-05', createdAt: null, revenue: '1000.00', probability: '40' },
    { salespersons: [{ id: rep.id, name: rep.name }], customers: ['Acme'], stages: ['proposal'], stageProbabilities: DEFAULT_STAGE_PROBABILITIES },
    'customer',
  ),

  pipelineBoard: {
    input: { tenantId: 1, year: 2026 },
    events: (machine) => [
      { type: 'year.change', year: 2025 },
      { type: 'owner.change', owner: 'mine' },
      { type: 'retry' },
      { type: 'card.pick', id: 1 },
      { type: 'card.over', stage: 'proposal' },
      { type: 'card.step', direction: 1 },
      { type: 'card.drop' },
      { type: 'card.cancel' },
      { type: 'column.more', stage: 'qualification' },
      // Deal 1 in Qualification, with one more there the board has not loaded.
      done(machine, 'loadBoard', {
        columns: [
          { stage: 'qualification', probability: 10, count: 2, revenue: 1000, weighted: 100, cards: [{ id: 1, created_date: '2026-03-05T09:30:00.000Z', customer: 'Acme', stage: 'qualification', revenue: 1000, probability: 10, salesperson_id: rep.id, salesperson_name: rep.name }] },
          { stage: 'proposal', probability: 30, count: 0, revenue: 0, weighted: 0, cards: [] },
        ],
        salespersons: [{ id: rep.id, name: rep.name }],
        ownSalespersonId: rep.id,
      }),
      failed(machine, 'loadBoard'),
      done(machine, 'loadCards', []),
      failed(machine, 'loadCards'),
      done(machine, 'saveMove', {}),
      failed(machine, 'saveMove'),
    ],
    distinguish: (snapshot) => ({
      year: snapshot.context.year,
      owner: snapshot.context.owner,
      over: snapshot.context.drag?.over,
      at: snapshot.context.columns.findIndex((column: { cards: { id: number }[] }) => column.cards.some((card) => card.id === 1)),
      more: snapshot.context.columns[0]?.more,
    }),
  },

  customerList: {
    // This year is 2026; the model's customers are the same in every year.
    input: { tenantId: 1, address: '', now: new Date(2026, 5, 1, 12).getTime() },
    events: (machine) => {
      const customer = (id: number, name: string) => ({ id, customer: name, company: '', opportunities: 0, revenueUnits: 0, weightedUnits: 0, won: 0, latestDay: null });
      return [
        { type: 'filter.change', name: 'year', value: '2025' },
        { type: 'retry' },
        { type: 'sort.toggle', key: 'customer' },
        { type: 'sort.change', sort: { key: 'revenue', direction: 'descending' } },
        { type: 'search.change', value: 'zz' },
        { type: 'page.next' },
        { type: 'page.previous' },
        { type: 'page.go', page: 1 },
        { type: 'address.open', address: 'search=acme' },
        { type: 'address.open', address: 'year=2024' },
        // Eleven customers: two pages.
        done(machine, 'loadRows', [customer(1, 'Acme'), ...Array.from({ length: 10 }, (_, i) => customer(2 + i, `Client ${i}`))]),
        done(machine, 'loadRows', []),
        failed(machine, 'loadRows'),
      ];
    },
    distinguish: (snapshot) =>
      snapshot.matches('ready')
        ? { year: snapshot.context.filters.year, search: snapshot.context.search, sort: snapshot.context.sort, page: snapshot.context.page }
        : { year: snapshot.context.filters.year },
  },

  customerEditor: recordEditorModel(
    { name: 'Acme Corp', company: 'Acme Corp Inc.', email: 'buyer@acme.example', phone: '+49 30 1234567', notes: '' },
    null,
    'name',
  ),

  tenantSettings: {
    input: undefined,
    events: (machine) => [
      { type: 'currency.change', value: 'usd' },
      { type: 'currency.change', value: 'ABC' },
      { type: 'probability.change', stage: 'negotiation', value: '101' },
      { type: 'settings.save' },
      { type: 'retry' },
      done(machine, 'loadSettings', { currency: 'EUR', stage_probabilities: DEFAULT_STAGE_PROBABILITIES }),
      done(machine, 'saveSettings', { currency: 'USD', stage_probabilities: DEFAULT_STAGE_PROBABILITIES }),
      failed(machine, 'loadSettings'),
      failed(machine, 'saveSettings'),
    ],
    distinguish: (snapshot) => ({
      draft: snapshot.context.draft,
      problem: snapshot.context.problem !== null,
      probability: snapshot.context.probabilities.negotiation,
      probabilityProblem: snapshot.context.probabilityProblem !== null,
    }),
  },
  salespersonList: {
    input: { tenantId: 1, address: '' },
    events: (machine) => [
      { type: 'retry' },
      { type: 'search.change', value: 'zz' },
      { type: 'sort.toggle', key: 'email' },
      { type: 'sort.change', sort: { key: 'name', direction: 'descending' } },
      { type: 'page.go', page: 1 },
      { type: 'page.previous' },
      { type: 'page.next' },
      { type: 'address.open', address: 'search=rep' },
      // Eleven salespersons: two pages.
      done(machine, 'loadRows', Array.from({ length: 11 }, (_, i) => ({ ...rep, id: rep.id + i }))),
      done(machine, 'loadRows', []),
      failed(machine, 'loadRows'),
    ],
    distinguish: (snapshot) => ({ search: snapshot.context.search, sort: snapshot.context.sort, page: snapshot.context.page }),
  },

  salespersonEditor: {
    input: { salespersonId: rep.id },
    events: (machine) => [
      { type: 'form.change', field: 'phone', value: '' },
      { type: 'form.change', field: 'phone', value: rep.phone },
      { type: 'form.submit' },
      { type: 'retry' },
      done(machine, 'loadSalesperson', rep),
      failed(machine, 'loadSalesperson'),
      done(machine, 'loadTeams', [{ id: 1, name: 'North' }]),
      failed(machine, 'loadTeams'),
      done(machine, 'saveSalesperson', { id: rep.id }),
      done(machine, 'saveSalesperson', {}),
      failed(machine, 'saveSalesperson'),
      refused(machine, 'saveSalesperson', 'phone'),
    ],
    distinguish: (snapshot) => (snapshot.matches({ record: 'editing' }) ? { form: snapshot.context.form } : null),
  },

  savedViews: {
    events: (machine) => [
      { type: 'retry' },
      { type: 'view.save.open', list: 'opportunity', query: 'stage=proposal' },
      { type: 'form.change', name: 'Open deals' },
      { type: 'form.submit' },
      { type: 'view.save.cancel' },
      { type: 'view.delete', id: 7 },
      done(machine, 'loadViews', [{ id: 7, list: 'customer', name: 'Berlin', query: 'search=berlin' }]),
      failed(machine, 'loadViews'),
      done(machine, 'saveView', { id: 8, list: 'opportunity', name: 'Open deals', query: 'stage=proposal' }),
      failed(machine, 'saveView'),
      done(machine, 'deleteView', undefined),
      failed(machine, 'deleteView'),
    ],
    distinguish: (snapshot) => ({ views: snapshot.context.views.length, named: snapshot.context.draft?.name ?? null, problem: snapshot.context.problem !== null }),
  },

  globalSearch: {
    input: { tenantId: 1, manager: false },
    events: (machine) => [
      { type: 'search.open' },
      { type: 'search.close' },
      { type: 'search.change', value: 'a' },
      { type: 'search.change', value: 'acme' },
      { type: 'xstate.after.debounce.globalSearch.open.debouncing' },
      { type: 'hit.next' },
      { type: 'hit.previous' },
      { type: 'hit.activate', index: 1 },
      { type: 'hit.open' },
      { type: 'retry' },
      done(machine, 'searchRecords', [
        { kind: 'customer', id: 1, title: 'Acme', detail: '' },
        { kind: 'opportunity', id: 2, title: 'Acme', detail: 'proposal' },
      ]),
      done(machine, 'searchRecords', []),
      failed(machine, 'searchRecords'),
    ],
    distinguish: (snapshot) => ({ active: snapshot.context.active }),
  },

  teamList: {
    input: { tenantId: 1, address: '' },
    events: (machine) => [
      { type: 'search.change', value: 'north' },
      { type: 'retry' },
      { type: 'sort.toggle', key: 'members' },
      { type: 'sort.change', sort: { key: 'name', direction: 'ascending' } },
      { type: 'page.go', page: 2 },
      { type: 'page.previous' },
      { type: 'page.next' },
      { type: 'address.open', address: 'search=south' },
      // Eleven teams: two pages.
      done(machine, 'loadRows', Array.from({ length: 11 }, (_, i) => ({ id: i + 1, name: i === 0 ? 'North' : `Team ${i}`, members: [{ id: rep.id, name: rep.name }] }))),
      done(machine, 'loadRows', []),
      failed(machine, 'loadRows'),
    ],
    distinguish: (snapshot) => ({ search: snapshot.context.search, sort: snapshot.context.sort, page: snapshot.context.page }),
  },


  teamEditor: recordEditorModel({ name: 'North', memberIds: [rep.id] }, { salespersons: [{ id: rep.id, name: rep.name }] }, 'name'),

  activityList: {
    input: { tenantId: 1, address: '', now: Date.parse('2026-06-15T12:00:00Z') },
    events: (machine) => {
      const due = { id: 1, kind: 'call', subject: 'Call Acme', due_at: '2026-06-14T09:00:00.000Z', duration_minutes: 30, done: false, salesperson_id: rep.id, salesperson_name: rep.name, opportunity_id: null, customer: null, notes: '', created_at: '2026-06-01T08:00:00.000Z' };
      return [
        { type: 'search.change', value: 'acme' },
        { type: 'filter.change', name: 'view', value: 'overdue' },
        { type: 'sort.toggle', key: 'subject' },
        { type: 'sort.change', sort: { key: 'due', direction: 'ascending' } },
        { type: 'address.open', address: 'view=all' },
        { type: 'row.save', row: { ...due, done: true } },
        // Not in the list: nothing to mark.
        { type: 'row.save', row: { ...due, id: 99 } },
        { type: 'retry' },
        { type: 'clock.tick', now: Date.parse('2026-06-15T13:00:00Z') },
        { type: 'page.next' },
        { type: 'page.previous' },
        { type: 'page.go', page: 2 },
        done(machine, 'loadRows', [due]),
        // Eleven rows: two pages.
        done(machine, 'loadRows', [due, ...Array.from({ length: 10 }, (_, i) => ({ ...due, id: 2 + i, subject: `Visit ${i}`, due_at: '2026-06-20T09:00:00.000Z' }))]),
        done(machine, 'loadRows', []),
        failed(machine, 'loadRows'),
        done(machine, 'saveRow', { ...due, done: true }),
        failed(machine, 'saveRow'),
      ];
    },
    // What the paging and address guards read: the page shown, how many there are, the view and the sort.
    distinguish: (snapshot) =>
      snapshot.matches('ready')
        ? { page: snapshot.context.page, pages: Math.ceil(snapshot.context.visible.length / 10), view: snapshot.context.filters.view, sort: snapshot.context.sort }
        : null,
  },

  activityEditor: recordEditorModel(
    { kind: 'call', subject: 'Call Acme', dueDate: '2026-06-16', dueTime: '09:30', duration: '30', salespersonId: String(rep.id), opportunityId: '', notes: '', done: false },
    { salespersons: [{ id: rep.id, name: rep.name }], linked: null },
    'subject',
  ),

  opportunityChoices: {
    input: { tenantId: 1, year: 2026 },
    events: (machine) => [
      { type: 'search.open' },
      { type: 'search.change', value: 'acme ' },
      { type: 'xstate.after.debounce.opportunityChoices.debouncing' },
      done(machine, 'findOpportunities', { choices: [{ value: '7', label: 'Acme — 3 Feb 2026' }], total: 1 }),
      failed(machine, 'findOpportunities'),
    ],
    distinguish: (snapshot) => ({ text: snapshot.context.text }),
  },

  calendar: {
    // Today in February 2026: January 2025 to February 2027 offered, or to December 2027 once
    // the API names 2027 as holding data; moves within a year, across the turn of the year both
    // ways, back to the current month from either year, and a month or a year chosen.
    input: { tenantId: 1, today: new Date(2026, 1, 15) },
    events: (machine) => [
      { type: 'month.previous' },
      { type: 'month.next' },
      { type: 'month.current' },
      { type: 'month.change', monthIndex: 0 },
      { type: 'month.change', monthIndex: 11 },
      { type: 'year.change', year: 2025 },
      { type: 'year.change', year: 2027 },
      { type: 'years.change', years: [2027] },
      { type: 'retry' },
      done(machine, 'loadYear', yearOf(2)),
      failed(machine, 'loadYear'),
      done(machine, 'loadEvents', []),
      failed(machine, 'loadEvents'),
    ],
    distinguish: (snapshot) => ({ month: snapshot.context.month, years: snapshot.context.dataYears }),
  },

  calendarEventEditor: recordEditorModel(
    { title: 'Call', allDay: false, startDate: '2026-03-05', startTime: '09:00', endDate: '2026-03-05', endTime: '10:00', location: '', salespersonId: '', notes: '', opportunityId: '' },
    { salespersons: [{ id: rep.id, name: rep.name }], linked: null },
    'title',
  ),

  opportunityPage: recordPageModel(),
  customerPage: recordPageModel(),

  emailAttachments: {
    input: { tenantId: 1 },
    events: (machine) => {
      const listed = (id: number, file_name: string) => ({
        id,
        file_name,
        media_type: 'text/plain',
        size_bytes: 5,
        sha256: '0'.repeat(64),
        opportunity_id: null,
        opportunity_customer: null,
        uploaded_by: 3,
        uploaded_by_name: rep.name,
        note: '',
        created_at: '2026-06-01T10:00:00.000Z',
      });
      // Only a chosen file's name and size are read before it is sent; toJSON tells two files
      // apart in the graph's event keys (a File serializes as {}).
      const chosen = (name: string, size: number) =>
        Object.defineProperties(new File(['x'], name), { size: { value: size }, toJSON: { value: () => ({ name, size }) } });
      return [
        { type: 'retry' },
        { type: 'search.change', value: 'quote' },
        { type: 'upload.choose', file: chosen('Quote.txt', 5) },
        { type: 'upload.choose', file: chosen('Scan.pdf', 5 * 1024 * 1024 + 1) },
        { type: 'upload.change', patch: { opportunityId: 9, note: 'From the customer' } },
        { type: 'upload.clear' },
        { type: 'upload.submit' },
        { type: 'attachment.download', id: 1 },
        { type: 'attachment.delete', id: 1 },
        { type: 'delete.confirm' },
        { type: 'delete.cancel' },
        done(machine, 'loadLibrary', { attachments: [listed(1, 'Contract.pdf')], opportunities: [{ id: 9, label: 'Acme · proposal · 2026-03-01' }] }),
        done(machine, 'loadLibrary', { attachments: [], opportunities: [] }),
        failed(machine, 'loadLibrary'),
        done(machine, 'uploadAttachment', listed(2, 'Quote.txt')),
        failed(machine, 'uploadAttachment'),
        done(machine, 'fetchContent', new ArrayBuffer(5)),
        failed(machine, 'fetchContent'),
        done(machine, 'deleteAttachment', undefined),
        failed(machine, 'deleteAttachment'),
      ];
    },
    // What the guards read: whether anything is listed, whether file 1 is, whether a file is chosen.
    distinguish: (snapshot) =>
      snapshot.matches('library')
        ? {
            any: snapshot.context.attachments.length > 0,
            first: snapshot.context.attachments.some((attachment: { id: number }) => attachment.id === 1),
            file: snapshot.context.draft.file !== null,
          }
        : null,
  },
  bulkActions: {
    inputs: [
      { kind: 'opportunities', tenantId: 1, mayChange: true },
      { kind: 'users', tenantId: 1, mayChange: true },
      { kind: 'opportunities', tenantId: 1, mayChange: false },
    ],
    events: (machine) => [
      { type: 'selection.toggle', id: 1 },
      { type: 'selection.page.toggle', ids: [1, 2] },
      { type: 'selection.replace', ids: [2] },
      { type: 'selection.clear' },
      { type: 'export.selected', filters: {} },
      { type: 'export.all', filters: { year: 2026 } },
      { type: 'reassign.open' },
      { type: 'reassign.change', salespersonId: 7 },
      { type: 'reassign.change', salespersonId: null },
      { type: 'reassign.confirm' },
      { type: 'reassign.cancel' },
      { type: 'delete.open' },
      { type: 'delete.confirm' },
      { type: 'delete.cancel' },
      { type: 'retry' },
      done(machine, 'exportRows', undefined),
      failed(machine, 'exportRows'),
      done(machine, 'loadSalespersons', [{ id: 7, name: 'Riley Rep' }]),
      failed(machine, 'loadSalespersons'),
      done(machine, 'reassignRows', 1),
      failed(machine, 'reassignRows'),
      done(machine, 'deleteRows', 1),
      failed(machine, 'deleteRows'),
    ],
    // What the guards read: the list and role (input), whether rows are chosen, whether a salesperson is.
    distinguish: (snapshot) => ({
      kind: snapshot.context.kind,
      mayChange: snapshot.context.mayChange,
      selected: snapshot.context.selected.length,
      salesperson: snapshot.context.salespersonId !== null,
    }),
  },
  csvImport: {
    input: { kind: 'opportunities', tenantId: 1, today: '2026-06-15' },
    events: (machine) => {
      // One row the tenant's salesperson takes and one naming nobody of the tenant, so both guards can hold.
      const file = readImportFile('deals.csv', 'Customer,Salesperson,Revenue\nAcme,rep@demo.test,10\nHooli,nobody@else.test,20');
      const chosen = Object.defineProperty(new File(['x'], 'deals.csv'), 'toJSON', { value: () => ({ name: 'deals.csv' }) });
      return [
        { type: 'retry' },
        { type: 'file.choose', file: chosen },
        { type: 'file.clear' },
        { type: 'mapping.change', field: 'revenue', column: null },
        { type: 'mapping.change', field: 'revenue', column: 2 },
        { type: 'fallback.change', salespersonId: 7 },
        { type: 'form.submit' },
        { type: 'mapping.edit' },
        { type: 'import.request' },
        { type: 'import.confirm' },
        { type: 'import.cancel' },
        { type: 'failed.download' },
        { type: 'import.again' },
        { type: 'import.progress', done: 1, total: 2 },
        { type: 'import.done', imported: 2 },
        { type: 'import.failed', message: 'The import failed; nothing was imported.' },
        done(machine, 'loadTenant', { salespersons: [{ id: 7, name: 'Riley Rep', email: 'rep@demo.test' }], customers: [] }),
        failed(machine, 'loadTenant'),
        done(machine, 'readFile', file),
        done(machine, 'readFile', { problem: 'deals.csv has no rows under its header.' }),
        failed(machine, 'readFile'),
      ];
    },
    // What the guards read: a complete mapping, and whether the checked rows hold valid and invalid ones.
    distinguish: (snapshot) => ({
      complete: snapshot.context.mapping.revenue != null,
      fallback: snapshot.context.fallbackSalespersonId !== null,
      valid: snapshot.context.checked.some((row: { problem: string | null }) => row.problem === null),
      invalid: snapshot.context.checked.some((row: { problem: string | null }) => row.problem !== null),
    }),
  },
};

/** The events of every `after` of the machine, as the timers would send them. */
function afterEvents(machine: AnyStateMachine): EventObject[] {
  return getStateNodes(machine.root).flatMap((node) => node.after.map((after) => ({ type: after.eventType })));
}

// ---- traversal and replay ------------------------------------------------------------

/** The machine with actors that never answer: their answers are the model's events. */
function withSilentActors(machine: AnyStateMachine): AnyStateMachine {
  const silent = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]),
  );
  return machine.provide({ actors: silent });
}

interface Exploration {
  machine: AnyStateMachine;
  states: Snapshot[];
  paths: Array<{ input: unknown; events: EventObject[]; expected: string }>;
  serialize: (snapshot: Snapshot) => string;
  model: PathModel;
}

function explore(id: string, original: AnyStateMachine): Exploration {
  const model = MODELS[id]!;
  const machine = withSilentActors(original);
  const events = model.events(machine).flat();
  const serialize = (snapshot: Snapshot) =>
    JSON.stringify({ value: snapshot.value, more: model.distinguish?.(snapshot) ?? null });
  const explored = (model.inputs ?? [model.input]).map((input) => {
    const options = {
      input,
      events: (snapshot: Snapshot) => events.filter((event) => snapshot.can(event)),
      serializeState: serialize,
    };
    const shortest = new Map(getShortestPaths(machine, options as never).map((path) => [serialize(path.state as Snapshot), path]));
    const adjacency = getAdjacencyMap(machine, options as never) as AdjacencyMap<Snapshot, EventObject>;
    const entries = Object.entries(adjacency) as Array<[string, AdjacencyValue<Snapshot, EventObject>]>;
    const paths = entries.flatMap(([key, { transitions }]) => {
      const head = shortest.get(key)!.steps.map((step) => step.event as EventObject).filter((event) => event.type !== 'xstate.init');
      const edges = Object.values(transitions) as Array<{ event: EventObject; state: Snapshot }>;
      return edges.map(({ event, state }) => ({ input, events: [...head, event], expected: serialize(state) }));
    });
    if (model.startsArePaths) {
      const [start] = [...shortest.entries()].find(([, path]) => path.steps.every((step) => step.event.type === 'xstate.init'))!;
      paths.unshift({ input, events: [], expected: start });
    }
    return { states: [...shortest.values()].map((path) => path.state as Snapshot), paths };
  });
  return { machine, states: explored.flatMap((run) => run.states), paths: explored.flatMap((run) => run.paths), serialize, model };
}

/**
 * Replays a path in a running actor: where it ends, the transitions it took
 * (eventless ones included) and every snapshot on the way, passing states too.
 */
function replay(exploration: Exploration, input: unknown, events: EventObject[]) {
  const taken: AnyTransitionDefinition[] = [];
  const passed: Snapshot[] = [];
  // Microsteps of an eventless transition out of the initial state are inspected while
  // the actor is still being created, before `actor` is assigned: they are the root's.
  let actor: ReturnType<typeof createActor<AnyStateMachine>> | undefined;
  actor = createActor(exploration.machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep' || (actor !== undefined && inspection.actorRef !== actor)) return;
      taken.push(...inspection._transitions);
      passed.push(inspection.snapshot as Snapshot);
    },
  });
  actor.start();
  passed.push(actor.getSnapshot());
  for (const event of events) actor.send(event);
  const end = actor.getSnapshot();
  actor.stop();
  return { end, taken, passed };
}

function transitionDefinitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

function describeTransition(definition: AnyTransitionDefinition): string {
  const targets = (definition.target ?? []).map((target) => target.id).join(', ') || '(stays)';
  return `${definition.source.id} on ${definition.eventType || 'always'} → ${targets}`;
}

function stateValueOf(node: AnyStateNode): unknown {
  return node.path.reduceRight<unknown>((value, key) => (value === null ? key : { [key]: value }), null);
}

// ---- the tests ------------------------------------------------------------------------

test('every machine in the catalogue has a path model and pinned counts here', () => {
  const ids = machineCatalogue.map((entry) => entry.id).sort();
  expect(Object.keys(MODELS).sort(), 'MODELS in tests/src/machines/catalogue-paths.test.ts').toEqual(ids);
  expect(Object.keys(EXPECTED).sort(), 'EXPECTED in tests/src/machines/catalogue-paths.test.ts').toEqual(ids);
});

// A machine without a model fails the test above; the others are still checked.
const modelled = machineCatalogue.filter((entry) => entry.id in MODELS && entry.id in EXPECTED);

describe.each(modelled.map((entry) => [entry.id, entry] as const))('the %s machine', (id, entry) => {
  const exploration = explore(id, entry.machine);
  const replays = exploration.paths.map((path) => ({ path, ...replay(exploration, path.input, path.events) }));

  test('has the pinned number of reachable states and of paths, one per transition from each', () => {
    expect({ states: exploration.states.length, paths: exploration.paths.length }).toEqual(EXPECTED[id]);
  });

  test('every path replays in a running actor to the state the traversal predicted', () => {
    for (const { path, end } of replays) expect(exploration.serialize(end)).toBe(path.expected);
  });

  test('the paths take every transition of the machine at least once', () => {
    const taken = new Set(replays.flatMap((run) => run.taken));
    const missed = transitionDefinitions(exploration.machine).filter((definition) => !taken.has(definition));
    expect(missed.map(describeTransition)).toEqual([]);
  });

  test('the paths reach every state of the machine, passing states included', () => {
    const passed = replays.flatMap((run) => run.passed);
    const missed = getStateNodes(exploration.machine.root).filter(
      (node) => !passed.some((snapshot) => snapshot.matches(stateValueOf(node) as never)),
    );
    expect(missed.map((node) => node.id)).toEqual([]);
  });
});

describe('forbidden transitions are absent', () => {
  test('an Admin cannot choose Super Admin in Create User, in any reachable state', () => {
    const exploration = explore('createUser', machineCatalogue.find((entry) => entry.id === 'createUser')!.machine);
    const editing = exploration.states.filter((snapshot) => snapshot.matches('editing'));
    expect(editing.length).toBeGreaterThan(0);
    for (const snapshot of editing) {
      expect(snapshot.can({ type: 'form.role.change', roleId: SUPER_ADMIN })).toBe(false);
      expect(snapshot.context.form.role_id).not.toBe(SUPER_ADMIN);
    }
    for (const snapshot of exploration.states) expect(snapshot.context.form.role_id).toBe(USER);
  });

  test('sign-up has no second submit while one is in flight', () => {
    const exploration = explore('signup', machineCatalogue.find((entry) => entry.id === 'signup')!.machine);
    const submitting = exploration.states.filter((snapshot) => snapshot.matches('submitting'));
    expect(submitting.length).toBeGreaterThan(0);
    for (const snapshot of submitting) expect(snapshot.can({ type: 'signup.submit' })).toBe(false);
  });
});
