import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Salesperson, SalespersonUpdate, Team } from '../api/client';
import { salespersonProblems, type SalespersonField as SalespersonRuleField } from '../domain/rules/people.ts';
import type { Problem } from '../domain/rules/problems.ts';
import { formChanged, NO_PROBLEMS, presentProblems, isFieldRefusal, presentRefusal, saveFailed, type FormProblems } from './form-problems.ts';

export interface SalespersonEditorInput {
  /** From the last segment of /edit-Salesperson/:id. */
  salespersonId: number;
}

export type SalespersonField = 'phone' | 'mobile';

/** The screen's fields in its order, by the request body's names (name and e-mail show read-only). */
export const SALESPERSON_FIELDS: readonly SalespersonRuleField[] = ['name', 'email', 'phone', 'mobile'];

export interface SalespersonEditorContext extends SalespersonEditorInput, FormProblems<SalespersonRuleField> {
  salesperson: Salesperson | null;
  form: { phone: string; mobile: string };
  /** Team names joined by commas, as the read-only Team field shows them. */
  teamNames: string;
}

export type SalespersonEditorEvent =
  | { type: 'form.change'; field: SalespersonField; value: string }
  | { type: 'form.submit' }
  | { type: 'retry' };

export interface SaveSalespersonRequest {
  id: number;
  body: SalespersonUpdate;
}

/** The save answer; the app only reads its id (section 7). */
export type SaveSalespersonAnswer = Partial<Salesperson> | null | undefined;

export const SALESPERSON_MESSAGES = {
  updated: 'Salesperson has been updated successfully!',
  noId: 'Invalid credentials',
} as const;

/** The team names of a searchTeam answer as the Team field shows them. */
export function joinTeamNames(teams: readonly Pick<Team, 'name'>[]): string {
  return teams.map((team) => team.name).join(', ');
}

/**
 * Edit Salesperson: the record and its teams load side by side (the teams only
 * fill a read-only field, so they never hold up the form). Only phone and
 * mobile change; saving sends the whole record back and reads the answer's id.
 */
export const salespersonEditorMachine = setup({
  types: {
    input: {} as SalespersonEditorInput,
    context: {} as SalespersonEditorContext,
    events: {} as SalespersonEditorEvent,
  },
  actors: {
    loadSalesperson: fromPromise<Salesperson, { id: number }>(async () => {
      throw new Error('loadSalesperson must be provided');
    }),
    loadTeams: fromPromise<Team[], { salespersonId: number }>(async () => {
      throw new Error('loadTeams must be provided');
    }),
    saveSalesperson: fromPromise<SaveSalespersonAnswer, SaveSalespersonRequest>(async () => {
      throw new Error('saveSalesperson must be provided');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    /** The API client has already shown the server's message; this only logs. */
    logError: (_, _params: { error: unknown }) => {},
    acceptSalesperson: assign((_, params: { salesperson: Salesperson }) => ({
      salesperson: params.salesperson,
      form: { phone: params.salesperson.phone, mobile: params.salesperson.mobile },
    })),
    acceptTeams: assign((_, params: { teams: readonly Team[] }) => ({ teamNames: joinTeamNames(params.teams) })),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return formChanged(context, { [event.field]: event.value }, (form) => problemsOf({ ...context, form }));
    }),
    showProblems: assign(({ context }) => presentProblems(context, problemsOf(context))),
    showRefusal: assign(({ context }, params: { error: unknown }) => presentRefusal(context, params.error, SALESPERSON_FIELDS)),
  },
  guards: {
    formIsInvalid: ({ context }) => problemsOf(context).length > 0,
    isFieldRefusal,
    answerHasNoId: (_, params: { answer: SaveSalespersonAnswer }) => typeof params.answer?.id !== 'number',
  },
}).createMachine({
  id: 'salespersonEditor',
  context: ({ input }) => ({
    ...input,
    salesperson: null,
    form: { phone: '', mobile: '' },
    teamNames: '',
    ...NO_PROBLEMS,
  }),
  type: 'parallel',
  states: {
    record: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadSalesperson',
            src: 'loadSalesperson',
            input: ({ context }) => ({ id: context.salespersonId }),
            onDone: {
              target: 'editing',
              actions: { type: 'acceptSalesperson', params: ({ event }) => ({ salesperson: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['failed'],
          on: { 'retry': 'loading' },
        },
        editing: {
          on: {
            'form.change': { actions: 'updateField' },
            'form.submit': [{ guard: 'formIsInvalid', actions: 'showProblems' }, { target: 'saving' }],
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveSalesperson',
            src: 'saveSalesperson',
            input: ({ context }) => saveRequestOf(context),
            onDone: [
              {
                guard: { type: 'answerHasNoId', params: ({ event }) => ({ answer: event.output }) },
                target: 'editing',
                actions: { type: 'notifyError', params: { message: SALESPERSON_MESSAGES.noId } },
              },
              { target: 'saved' },
            ],
            // What was typed stays; a refusal about fields lands under them.
            onError: saveFailed,
          },
        },
        saved: {
          type: 'final',
          entry: [
            { type: 'notifySuccess', params: { message: SALESPERSON_MESSAGES.updated } },
            { type: 'navigate', params: { to: '/salesperson' } },
          ],
        },
      },
    },
    teams: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadTeams',
            src: 'loadTeams',
            input: ({ context }) => ({ salespersonId: context.salespersonId }),
            onDone: {
              target: 'loaded',
              actions: { type: 'acceptTeams', params: ({ event }) => ({ teams: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loaded: { type: 'final' },
        failed: { type: 'final' },
      },
    },
  },
});

function problemsOf(context: Pick<SalespersonEditorContext, 'salesperson' | 'form'>): Problem<SalespersonRuleField>[] {
  const record = context.salesperson;
  return salespersonProblems({
    name: record?.name ?? '',
    email: record?.email ?? '',
    phone: context.form.phone,
    mobile: context.form.mobile,
  });
}

function saveRequestOf(context: SalespersonEditorContext): SaveSalespersonRequest {
  const record = context.salesperson!;
  return {
    id: record.id,
    body: {
      name: record.name,
      email: record.email,
      phone: context.form.phone.trim(),
      mobile: context.form.mobile.trim(),
      latest_login: record.latest_login,
      status: record.status,
    },
  };
}
