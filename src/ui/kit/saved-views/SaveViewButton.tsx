import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import type { ViewList } from '../../../domain/saved-views/views.ts';
import { Dialog } from '../Dialog.tsx';
import { useSavedViews, type SavedViewsActor } from './SavedViews.tsx';

/** 'Save view' on a list screen: names the list's current filters (its address) and keeps them in the navigation. */
export function SaveViewButton({ list }: { list: ViewList }) {
  const views = useSavedViews();
  if (!views) return null;
  return <SaveView views={views} list={list} />;
}

/** The button and its dialog, for the running saved views. */
export function SaveView({ views, list }: { views: SavedViewsActor; list: ViewList }) {
  const query = useSearch();
  // A new view's name is checked against the saved ones, so the dialog opens only once they have
  // loaded: until then the button waits, rather than take a click that would open nothing.
  const canOpen = useSelector(views, (state) => state.can({ type: 'view.save.open', list, query }));
  // If they could not be loaded, the button says why it waits and offers to try again.
  const failed = useSelector(views, (state) => state.can({ type: 'retry' }));
  const whyId = useId();
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={!canOpen}
        aria-describedby={failed ? whyId : undefined}
        onClick={() => views.send({ type: 'view.save.open', list, query })}
      >
        Save view
      </button>
      {failed ? (
        <p className="save-view__failed" role="alert">
          <span id={whyId}>Your saved views could not be loaded.</span>
          <button type="button" className="retry-link" onClick={() => views.send({ type: 'retry' })}>
            Try again
          </button>
        </p>
      ) : null}
      <NameDialog views={views} />
    </>
  );
}

function NameDialog({ views }: { views: SavedViewsActor }) {
  const id = useId();
  const problemId = useId();
  const naming = useSelector(views, (state) => state.matches({ ready: 'naming' }) || state.matches({ ready: 'saving' }));
  const name = useSelector(views, (state) => state.context.draft?.name ?? '');
  const problem = useSelector(views, (state) => state.context.problem);
  const busy = useSelector(views, (state) => state.hasTag('busy'));
  if (!naming) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    views.send({ type: 'form.submit' });
  };
  return (
    <Dialog title="Save view" onClose={() => views.send({ type: 'view.save.cancel' })}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Name</label>
          <input
            id={id}
            type="text"
            value={name}
            maxLength={80}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => views.send({ type: 'form.change', name: event.target.value })}
          />
          {problem ? (
            <p id={problemId} className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <p className="dialog__hint">The list's search, sort and filters, as they are now.</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => views.send({ type: 'view.save.cancel' })}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
