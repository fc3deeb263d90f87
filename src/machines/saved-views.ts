import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { viewNameProblem, type SavedView, type SavedViewBody, type ViewList } from '../domain/saved-views/views.ts';

export interface SavedViewsContext {
  views: readonly SavedView[];
  /** The view being named before it is saved. */
  draft: SavedViewBody | null;
  problem: string | null;
  /** The view being removed. */
  removing: number | null;
}

export type SavedViewsEvent =
  | { type: 'retry' }
  | { type: 'view.save.open'; list: ViewList; query: string }
  | { type: 'form.change'; name: string }
  | { type: 'form.submit' }
  | { type: 'view.save.cancel' }
  | { type: 'view.delete'; id: number };

/**
 * A person's saved views (the navigation lists them): loaded once signed in; a list
 * screen's current filters are named and saved; a view can be removed. Kept on the
 * server, so they follow the person to every browser and sign-in.
 */
export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadViews: fromPromise<readonly SavedView[]>(async () => {
      throw new Error('loadViews must be provided');
    }),
    saveView: fromPromise<SavedView, SavedViewBody>(async () => {
      throw new Error('saveView must be provided');
    }),
    deleteView: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteView must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    acceptViews: assign((_, params: { views: readonly SavedView[] }) => ({ views: params.views })),
    startDraft: assign(({ event }) => {
      assertEvent(event, 'view.save.open');
      return { draft: { list: event.list, query: event.query.replace(/^\?/, ''), name: '' }, problem: null };
    }),
    changeName: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      return { draft: context.draft && { ...context.draft, name: event.name }, problem: null };
    }),
    showProblem: assign(({ context }) => ({ problem: viewNameProblem(context.draft?.name ?? '', context.views) })),
    forgetDraft: assign({ draft: null, problem: null }),
    addView: assign(({ context }, params: { view: SavedView }) => ({
      views: [...context.views, params.view].sort((a, b) => a.list.localeCompare(b.list) || a.name.localeCompare(b.name)),
    })),
    chooseRemoval: assign(({ event }) => {
      assertEvent(event, 'view.delete');
      return { removing: event.id };
    }),
    removeView: assign(({ context }) => ({ views: context.views.filter((view) => view.id !== context.removing), removing: null })),
  },
  guards: {
    nameIsBad: ({ context }) => viewNameProblem(context.draft?.name ?? '', context.views) !== null,
  },
}).createMachine({
  id: 'savedViews',
  context: { views: [], draft: null, problem: null, removing: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadViews',
        onDone: { target: 'ready', actions: { type: 'acceptViews', params: ({ event }) => ({ views: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'view.save.open': { target: 'naming', actions: 'startDraft' },
            'view.delete': { target: 'deleting', actions: 'chooseRemoval' },
          },
        },
        naming: {
          on: {
            'form.change': { actions: 'changeName' },
            'form.submit': [{ guard: 'nameIsBad', actions: 'showProblem' }, { target: 'saving' }],
            'view.save.cancel': { target: 'idle', actions: 'forgetDraft' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'saveView',
            input: ({ context }) => ({ ...context.draft!, name: context.draft!.name.trim() }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'addView', params: ({ event }) => ({ view: event.output }) },
                'forgetDraft',
                { type: 'notifySuccess', params: ({ event }) => ({ message: `View "${event.output.name}" saved` }) },
              ],
            },
            onError: {
              target: 'naming',
              actions: [
                assign({ problem: ({ event }) => (event.error instanceof Error ? event.error.message : 'The view could not be saved.') }),
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'deleteView',
            input: ({ context }) => ({ id: context.removing! }),
            onDone: { target: 'idle', actions: 'removeView' },
            onError: {
              target: 'idle',
              actions: [
                assign({ removing: null }),
                { type: 'notifyError', params: { message: 'The view could not be removed.' } },
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});
