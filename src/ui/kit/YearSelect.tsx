import { useId } from 'react';
import { selectableYears } from '../../domain/revenue/date-range.ts';

/** The year dropdown of the opportunity screens: every year from 2025 to the current one, as on the dashboard. */
export function YearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const id = useId();
  return (
    <div className="year-select">
      <label htmlFor={id}>Year</label>
      <select id={id} className="select" value={year} onChange={(event) => onChange(Number(event.target.value))}>
        {selectableYears(new Date()).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
