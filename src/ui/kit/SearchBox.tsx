import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

/** A list whose machine keeps the search text and hears it change. */
type SearchableList = ActorRef<Snapshot<unknown> & { context: { search: string } }, EventObject & { type: 'search.change'; value: string }>;

/** The search box of a list screen: a labelled search input that sends `search.change` on each keystroke. */
export function SearchBox({ list, label, className = 'search' }: { list: SearchableList; label: string; className?: string }) {
  const id = useId();
  const search = useSelector(list, (state) => state.context.search);
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder="Search..."
        value={search}
        onChange={(event) => list.send({ type: 'search.change', value: event.target.value })}
      />
    </div>
  );
}
