import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { KIND_LABELS, MIN_SEARCH_LENGTH } from '../../domain/search/hits.ts';
import { highlightPieces, searchWords } from '../../domain/search/words.ts';
import { isManager } from '../../machines/session.ts';
import type { globalSearchMachine } from '../../machines/global-search.ts';
import { globalSearchFlow } from '../../wiring/global-search.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { useFlow, useSession } from '../kit/services.tsx';
import { opensSearch } from './hotkeys.ts';
import './search.css';

type SearchActor = ActorRefFrom<typeof globalSearchMachine>;

const SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl+K';

/**
 * The global search: a button in the top bar and the shortcuts (Ctrl+K, ⌘K, '/')
 * open the dialog from any signed-in screen.
 */
export function GlobalSearch() {
  const manager = useSession(isManager);
  const search = useFlow(globalSearchFlow, ({ tenantId }) => ({ tenantId, manager }));
  const open = useSelector(search, (state) => state.matches('open'));

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      search.send({ type: 'search.open' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [search]);

  return (
    <>
      <button type="button" className="search-trigger" aria-keyshortcuts="Control+K Meta+K /" onClick={() => search.send({ type: 'search.open' })}>
        <span>Search…</span>
        <kbd aria-hidden="true">{SHORTCUT}</kbd>
      </button>
      {open ? <SearchDialog search={search} /> : null}
    </>
  );
}

function SearchDialog({ search }: { search: SearchActor }) {
  const inputId = useId();
  const listId = useId();
  const text = useSelector(search, (state) => state.context.text);
  const hits = useSelector(search, (state) => state.context.hits);
  const active = useSelector(search, (state) => state.context.active);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const type = { ArrowDown: 'hit.next', ArrowUp: 'hit.previous', Enter: 'hit.open' }[event.key] as 'hit.next' | 'hit.previous' | 'hit.open' | undefined;
    if (!type) return;
    event.preventDefault();
    search.send({ type });
  }

  const words = searchWords(text);
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog title="Search" onClose={() => search.send({ type: 'search.close' })}>
      <div className="global-search">
        <label htmlFor={inputId} className="visually-hidden">
          Search opportunities, customers, activities, events and people
        </label>
        <input
          id={inputId}
          className="input global-search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search..."
          value={text}
          onChange={(event) => search.send({ type: 'search.change', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <SearchStatus search={search} />
        <ul ref={list} id={listId} role="listbox" aria-label="Results" className="global-search__hits">
          {hits.map((hit, index) => (
            <li
              key={`${hit.kind}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="global-search__hit"
              onMouseMove={() => index !== active && search.send({ type: 'hit.activate', index })}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                search.send({ type: 'hit.activate', index });
                search.send({ type: 'hit.open' });
              }}
            >
              <span className="global-search__kind">{KIND_LABELS[hit.kind]}</span>
              <span className="global-search__title">
                {highlightPieces(hit.title, words).map((piece, at) => (piece.match ? <mark key={at}>{piece.text}</mark> : piece.text))}
              </span>
              {hit.detail ? (
                <span className="global-search__detail">
                  {highlightPieces(hit.detail, words).map((piece, at) => (piece.match ? <mark key={at}>{piece.text}</mark> : piece.text))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="global-search__help">↑ ↓ to move, Enter to open, Escape to close</p>
      </div>
    </Dialog>
  );
}

/** What the search is doing, read out as it changes. */
function SearchStatus({ search }: { search: SearchActor }) {
  const message = useSelector(search, (state) => {
    if (state.matches({ open: 'idle' })) return `Type at least ${MIN_SEARCH_LENGTH} characters.`;
    if (state.matches({ open: 'nothing' })) return `Nothing matches “${state.context.text.trim()}”.`;
    if (state.matches({ open: 'failed' })) return 'The search failed.';
    if (state.hasTag('busy')) return 'Searching…';
    const count = state.context.hits.length;
    return `${count} ${count === 1 ? 'result' : 'results'}.`;
  });
  const failed = useSelector(search, (state) => state.matches({ open: 'failed' }));
  return (
    <p className="global-search__status" role="status">
      {message}{' '}
      {failed ? (
        <button type="button" className="button button--secondary" onClick={() => search.send({ type: 'retry' })}>
          Try again
        </button>
      ) : null}
    </p>
  );
}
