import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { activityProblems, type ActivityForm } from '../domain/activities/editor.ts';
import { eventProblems } from '../domain/calendar/event-form.ts';
import type { Problem } from '../domain/rules/problems.ts';
import {
  noteProblem,
  RECORD_PAGE_MESSAGES,
  TIMELINE_PAGE,
  type QuickAdd,
  type QuickAddChoices,
  type QuickAddDrafts,
  type QuickEventForm,
  type TimelinePage,
} from '../domain/records/record-page.ts';
import { isNotFoundError } from './record-editor.ts';

export interface RecordPageInput {
  /** The record of /opportunity/:id or /customer/:id. */
  recordId: number;
}

/** What a record page opens with: its figures, the newest page of its timeline, and what its quick adds offer. */
export interface LoadedRecord<Summary> {
  summary: Summary;
  timeline: TimelinePage;
  choices: QuickAddChoices;
  drafts: QuickAddDrafts;
}

export interface TimelineRequest {
  recordId: number;
  offset: number;
  limit: number;
}

export interface NoteRequest {
  recordId: number;
  text: string;
}

export interface RecordPageContext<Summary> extends RecordPageInput {
  summary: Summary | null;
  timeline: TimelinePage;
  choices: QuickAddChoices;
  drafts: QuickAddDrafts | null;
  /** The note being written, and what is wrong with it once a save was refused. */
  note: string;
  noteProblem: string | null;
  /** The quick add's problems, each under its field, once a save was refused. */
  quickAddProblems: readonly Problem[];
  /** The activity or event being added in the dialog, and the form it opened with. */
  quickAdd: QuickAdd | null;
  quickAddOpened: QuickAdd | null;
  /** Where the person asked to go while something typed was unsaved. */
  leaveTo: string | null;
}

export type RecordPageEvent =
  | { type: 'retry' }
  | { type: 'timeline.more' }
  | { type: 'timeline.refresh' }
  | { type: 'note.change'; value: string }
  | { type: 'note.submit' }
  | { type: 'quickAdd.open'; kind: QuickAdd['kind'] }
  | { type: 'quickAdd.change'; patch: Partial<ActivityForm> | Partial<QuickEventForm> }
  | { type: 'quickAdd.submit' }
  | { type: 'quickAdd.close' }
  | { type: 'quickAdd.discard' }
  | { type: 'quickAdd.keep' }
  | { type: 'leave.request'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

const NO_TIMELINE: TimelinePage = { entries: [], hasMore: false };
const NO_CHOICES: QuickAddChoices = { salespersons: [], opportunities: [] };

function quickAddProblems(quickAdd: QuickAdd): readonly Problem[] {
  return quickAdd.kind === 'activity' ? activityProblems(quickAdd.form) : eventProblems(quickAdd.form);
}

/** Something typed on the page that a save has not kept: a note, or a changed quick-add form. */
export function hasUnsavedInput(context: Pick<RecordPageContext<unknown>, 'note' | 'quickAdd' | 'quickAddOpened'>): boolean {
  return context.note.trim() !== '' || quickAddChanged(context);
}

function quickAddChanged(context: Pick<RecordPageContext<unknown>, 'quickAdd' | 'quickAddOpened'>): boolean {
  return context.quickAdd !== null && JSON.stringify(context.quickAdd) !== JSON.stringify(context.quickAddOpened);
}

/**
 * A record's page (/opportunity/:id, /customer/:id): its figures and its timeline,
 * newest first, read a page at a time; a note written and an activity or event added
 * from the page without leaving it, after which the timeline is read again. Closing
 * a changed quick-add dialog, or leaving the page with something typed, asks first.
 * Each record type makes its own machine from this (its own id and chart).
 */
export function createRecordPageMachine<Summary>(options: { id: string }) {
  return setup({
    types: {
      input: {} as RecordPageInput,
      context: {} as RecordPageContext<Summary>,
      events: {} as RecordPageEvent,
      tags: {} as 'loading' | 'failed' | 'notFound' | 'loadingMore' | 'savingNote' | 'quickAddOpen' | 'savingQuickAdd' | 'askingToClose' | 'askingToLeave',
    },
    actors: {
      loadRecord: fromPromise<LoadedRecord<Summary>, { recordId: number }>(async () => {
        throw new Error('loadRecord must be provided');
      }),
      loadTimeline: fromPromise<TimelinePage, TimelineRequest>(async () => {
        throw new Error('loadTimeline must be provided');
      }),
      addNote: fromPromise<void, NoteRequest>(async () => {
        throw new Error('addNote must be provided');
      }),
      addQuick: fromPromise<void, QuickAdd>(async () => {
        throw new Error('addQuick must be provided');
      }),
    },
    actions: {
      notifySuccess: (_, _params: { message: string }) => {},
      navigate: (_, _params: { to: string }) => {},
      logError: (_, _params: { error: unknown }) => {},
      acceptRecord: assign((_, params: { loaded: LoadedRecord<Summary> }) => ({
        summary: params.loaded.summary,
        timeline: params.loaded.timeline,
        choices: params.loaded.choices,
        drafts: params.loaded.drafts,
      })),
      appendTimeline: assign(({ context }, params: { page: TimelinePage }) => ({
        timeline: { entries: [...context.timeline.entries, ...params.page.entries], hasMore: params.page.hasMore },
      })),
      replaceTimeline: assign((_, params: { page: TimelinePage }) => ({ timeline: params.page })),
      changeNote: assign(({ context, event }) => {
        assertEvent(event, 'note.change');
        // A problem shown goes as soon as the note is fine; none appears while typing.
        return { note: event.value, noteProblem: context.noteProblem === null ? null : noteProblem(event.value) };
      }),
      showNoteProblem: assign(({ context }) => ({ noteProblem: noteProblem(context.note) })),
      clearNote: assign({ note: '', noteProblem: null }),
      openQuickAdd: assign(({ context, event }) => {
        assertEvent(event, 'quickAdd.open');
        const quickAdd: QuickAdd =
          event.kind === 'activity' ? { kind: 'activity', form: context.drafts!.activity } : { kind: 'event', form: context.drafts!.event };
        return { quickAdd, quickAddOpened: quickAdd, quickAddProblems: [] };
      }),
      changeQuickAdd: assign(({ context, event }) => {
        assertEvent(event, 'quickAdd.change');
        const current = context.quickAdd!;
        const quickAdd = { ...current, form: { ...current.form, ...event.patch } } as QuickAdd;
        // Once shown, the problems follow what is typed.
        return { quickAdd, quickAddProblems: context.quickAddProblems.length === 0 ? [] : quickAddProblems(quickAdd) };
      }),
      showQuickAddProblems: assign(({ context }) => ({ quickAddProblems: quickAddProblems(context.quickAdd!) })),
      closeQuickAdd: assign({ quickAdd: null, quickAddOpened: null, quickAddProblems: [] }),
      holdLeaving: assign(({ event }) => {
        assertEvent(event, 'leave.request');
        return { leaveTo: event.to };
      }),
      stay: assign({ leaveTo: null }),
      refreshTimeline: raise({ type: 'timeline.refresh' }),
    },
    guards: {
      isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
      hasMore: ({ context }) => context.timeline.hasMore,
      noteHasProblem: ({ context }) => noteProblem(context.note) !== null,
      quickAddHasProblem: ({ context }) => quickAddProblems(context.quickAdd!).length > 0,
      quickAddChanged: ({ context }) => quickAddChanged(context),
      hasUnsavedInput: ({ context }) => hasUnsavedInput(context),
      offersQuickAdd: ({ context }) => context.choices.opportunities.length > 0,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      recordId: input.recordId,
      summary: null,
      timeline: NO_TIMELINE,
      choices: NO_CHOICES,
      drafts: null,
      note: '',
      noteProblem: null,
      quickAddProblems: [],
      quickAdd: null,
      quickAddOpened: null,
      leaveTo: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'loadRecord',
          input: ({ context }) => ({ recordId: context.recordId }),
          onDone: { target: 'ready', actions: { type: 'acceptRecord', params: ({ event }) => ({ loaded: event.output }) } },
          onError: [
            { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
            { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      failed: {
        tags: ['failed'],
        on: { retry: 'loading' },
      },
      notFound: {
        tags: ['notFound'],
        type: 'final',
      },
      ready: {
        type: 'parallel',
        states: {
          timeline: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'timeline.more': { guard: 'hasMore', target: 'loadingMore' },
                  'timeline.refresh': 'refreshing',
                },
              },
              loadingMore: {
                tags: ['loadingMore'],
                invoke: {
                  src: 'loadTimeline',
                  input: ({ context }) => ({ recordId: context.recordId, offset: context.timeline.entries.length, limit: TIMELINE_PAGE }),
                  onDone: { target: 'idle', actions: { type: 'appendTimeline', params: ({ event }) => ({ page: event.output }) } },
                  onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              // The newest page again, after something was added here.
              refreshing: {
                on: { 'timeline.refresh': { target: 'refreshing', reenter: true } },
                invoke: {
                  src: 'loadTimeline',
                  input: ({ context }) => ({ recordId: context.recordId, offset: 0, limit: TIMELINE_PAGE }),
                  onDone: { target: 'idle', actions: { type: 'replaceTimeline', params: ({ event }) => ({ page: event.output }) } },
                  onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
            },
          },
          note: {
            initial: 'writing',
            states: {
              writing: {
                on: {
                  'note.change': { actions: 'changeNote' },
                  'note.submit': [{ guard: 'noteHasProblem', actions: 'showNoteProblem' }, { target: 'saving' }],
                },
              },
              saving: {
                tags: ['savingNote'],
                invoke: {
                  src: 'addNote',
                  input: ({ context }) => ({ recordId: context.recordId, text: context.note }),
                  onDone: {
                    target: 'writing',
                    actions: ['clearNote', { type: 'notifySuccess', params: { message: RECORD_PAGE_MESSAGES.noteAdded } }, 'refreshTimeline'],
                  },
                  // What was written stays, to be sent again.
                  onError: { target: 'writing', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
            },
          },
          quickAdd: {
            initial: 'closed',
            states: {
              closed: {
                on: { 'quickAdd.open': { guard: 'offersQuickAdd', target: 'open', actions: 'openQuickAdd' } },
              },
              open: {
                tags: ['quickAddOpen'],
                on: {
                  'quickAdd.change': { actions: 'changeQuickAdd' },
                  'quickAdd.submit': [{ guard: 'quickAddHasProblem', actions: 'showQuickAddProblems' }, { target: 'saving' }],
                  'quickAdd.close': [{ guard: 'quickAddChanged', target: 'askingToClose' }, { target: 'closed', actions: 'closeQuickAdd' }],
                },
              },
              askingToClose: {
                tags: ['quickAddOpen', 'askingToClose'],
                on: {
                  'quickAdd.keep': 'open',
                  'quickAdd.discard': { target: 'closed', actions: 'closeQuickAdd' },
                },
              },
              saving: {
                tags: ['quickAddOpen', 'savingQuickAdd'],
                invoke: {
                  src: 'addQuick',
                  input: ({ context }) => context.quickAdd!,
                  onDone: {
                    target: 'closed',
                    actions: [
                      {
                        type: 'notifySuccess',
                        params: ({ context }) => ({
                          message: context.quickAdd!.kind === 'activity' ? RECORD_PAGE_MESSAGES.activityAdded : RECORD_PAGE_MESSAGES.eventAdded,
                        }),
                      },
                      'closeQuickAdd',
                      'refreshTimeline',
                    ],
                  },
                  onError: { target: 'open', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
            },
          },
          leaving: {
            initial: 'free',
            states: {
              free: {
                on: { 'leave.request': { guard: 'hasUnsavedInput', target: 'asking', actions: 'holdLeaving' } },
              },
              asking: {
                tags: ['askingToLeave'],
                on: {
                  'leave.confirm': { target: 'free', actions: { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo! }) } },
                  'leave.cancel': { target: 'free', actions: 'stay' },
                },
              },
            },
          },
        },
      },
    },
  });
}

export type RecordPageMachine<Summary> = ReturnType<typeof createRecordPageMachine<Summary>>;
