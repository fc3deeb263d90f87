import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { hrefOfView } from '../../../domain/saved-views/views.ts';
import type { SavedViewsActor } from './SavedViews.tsx';

/**
 * The navigation's saved views: each opens its list as it was saved, and can be removed.
 * If they could not be loaded, the place they would be says so and offers to try again.
 */
export default function SavedViewsLinks({ views }: { views: SavedViewsActor }) {
  const saved = useSelector(views, (state) => state.context.views);
  const busy = useSelector(views, (state) => state.hasTag('busy'));
  const failed = useSelector(views, (state) => state.can({ type: 'retry' }));
  if (!failed && saved.length === 0) return null;
  return (
    <div className="nav__views">
      <h2 className="nav__heading" id="saved-views-heading">
        Saved views
      </h2>
      {failed ? (
        <p className="nav__failed">
          <span>Could not be loaded.</span>
          <button type="button" className="retry-link" onClick={() => views.send({ type: 'retry' })}>
            Try again
          </button>
        </p>
      ) : (
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
      )}
    </div>
  );
}
