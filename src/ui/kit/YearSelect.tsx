import { useId } from 'react';
import { yearsWithData } from '../../domain/revenue/date-range.ts';
import { useDataYears } from './services.tsx';

/**
 * The year dropdown of the opportunity screens (list, board, customers): 2025 to the
 * current year as on the dashboard, and every other year that holds opportunities.
 */
export function YearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const id = useId();
  const dataYears = useDataYears();
  return (
    <div className="year-select">
      <label htmlFor={id}>Year</label>
      <select id={id} className="select" value={year} onChange={(event) => onChange(Number(event.target.value))}>
        {yearsWithData(new Date(), dataYears, year).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
