import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { hrefOfView } from '../../../domain/saved-views/views.ts';
import { useSavedViews } from './SavedViews.tsx';

/** The navigation's saved views: each opens its list as it was saved, and can be removed. */
export function SavedViewsNav() {
  const views = useSavedViews();
  if (!views) return null;
  return <ViewLinks views={views} />;
}

function ViewLinks({ views }: { views: NonNullable<ReturnType<typeof useSavedViews>> }) {
  const saved = useSelector(views, (state) => state.context.views);
  const busy = useSelector(views, (state) => state.hasTag('busy'));
  if (saved.length === 0) return null;
  return (
    <div className="nav__views">
      <h2 className="nav__heading" id="saved-views-heading">
        Saved views
      </h2>
      <ul aria-labelledby="saved-views-heading">
        {saved.map((view) => (
          <li key={view.id} className="nav__view">
            <Link href={hrefOfView(view)} className="nav__link">
              {view.name}
            </Link>
            <button
              type="button"
              className="nav__remove"
              aria-label={`Remove view ${view.name}`}
              disabled={busy}
              onClick={() => views.send({ type: 'view.delete', id: view.id })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
