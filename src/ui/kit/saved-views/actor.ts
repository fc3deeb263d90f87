import type { ActorRefFrom } from 'xstate';
import type { savedViewsMachine } from '../../../machines/saved-views.ts';

/** The running saved views' flow, as the provider hands it to the screens. */
export type SavedViewsActor = ActorRefFrom<typeof savedViewsMachine>;
