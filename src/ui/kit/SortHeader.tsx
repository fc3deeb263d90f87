type Direction = 'ascending' | 'descending' | 'none';

/** A column header that sorts by its column when pressed, announcing its order through aria-sort. */
export function SortHeader({
  label,
  direction,
  onToggle,
  numeric = false,
}: {
  label: string;
  direction: Direction;
  onToggle: () => void;
  numeric?: boolean;
}) {
  return (
    <th scope="col" aria-sort={direction} className={numeric ? 'numeric' : undefined}>
      <button type="button" className="sort-toggle" onClick={onToggle}>
        {label}
        <span className="sort-toggle__arrow" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
