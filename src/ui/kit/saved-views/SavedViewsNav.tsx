import { lazy, Suspense } from 'react';
import { useSavedViews } from './SavedViews.tsx';

// The links arrive with the saved views' machine, after sign-in, out of the scripts /signup needs.
const SavedViewsLinks = lazy(() => import(/* webpackChunkName: "saved-views" */ './SavedViewsLinks.tsx'));

/** The navigation's saved views, once they are offered and started. */
export function SavedViewsNav() {
  const views = useSavedViews();
  if (!views) return null;
  return (
    <Suspense fallback={null}>
      <SavedViewsLinks views={views} />
    </Suspense>
  );
}
