import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { SavedViewsActor } from './actor.ts';

export type { SavedViewsActor };

const SavedViewsContext = createContext<SavedViewsActor | null>(null);

// The machine and its wiring load after sign-in, out of the scripts /signup needs.
const StartSavedViews = lazy(() => import(/* webpackChunkName: "saved-views" */ './StartSavedViews.tsx'));

/**
 * The signed-in person's saved views for the layout: its navigation lists them, its
 * list screens save them. Until they are offered and started the screens show no
 * saving; the children keep their place in the tree meanwhile, so no screen restarts.
 */
export function SavedViewsProvider({ offered, children }: { offered: boolean; children: ReactNode }) {
  const [views, setViews] = useState<SavedViewsActor | null>(null);
  return (
    <SavedViewsContext.Provider value={offered ? views : null}>
      {offered ? (
        <Suspense fallback={null}>
          <StartSavedViews onStarted={setViews} />
        </Suspense>
      ) : null}
      {children}
    </SavedViewsContext.Provider>
  );
}

/** The saved views' actor, or null where the API offers none (the screens then show no saving). */
export function useSavedViews(): SavedViewsActor | null {
  return useContext(SavedViewsContext);
}
