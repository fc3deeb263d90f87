import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { savedViewsMachine } from '../../../machines/saved-views.ts';
import { savedViewsFlow } from '../../../wiring/saved-views.ts';
import { useFlow } from '../services.tsx';

type SavedViewsActor = ActorRefFrom<typeof savedViewsMachine>;

const SavedViewsContext = createContext<SavedViewsActor | null>(null);

/** Starts the signed-in person's saved views for the layout: its navigation lists them, its list screens save them. */
export function SavedViewsProvider({ children }: { children: ReactNode }) {
  const views = useFlow(savedViewsFlow);
  return <SavedViewsContext.Provider value={views}>{children}</SavedViewsContext.Provider>;
}

/** The saved views' actor, or null where the API offers none (the screens then show no saving). */
export function useSavedViews(): SavedViewsActor | null {
  return useContext(SavedViewsContext);
}
