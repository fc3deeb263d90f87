import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import type { SavedView, SavedViewBody } from '../domain/saved-views/views.ts';
import { savedViewsMachine } from '../machines/saved-views.ts';
import { feedback, type Wiring } from './wiring.ts';

/** The saved views' flow: the person's own views on the server (GET, POST and DELETE /api/views). */
export const savedViewsFlow: Wiring<typeof savedViewsMachine> = ({ api }) =>
  savedViewsMachine.provide({
    actors: {
      loadViews: fromPromise<readonly SavedView[]>(async () => found(api.GET('/api/views'))),
      saveView: fromPromise<SavedView, SavedViewBody>(async ({ input }) => found(api.POST('/api/views', { body: input }))),
      deleteView: fromPromise<void, { id: number }>(async ({ input }) => {
        await found(api.DELETE('/api/views/{id}', { params: { path: { id: input.id } } }));
      }),
    },
    actions: feedback,
  });
