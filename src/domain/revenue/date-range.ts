import { format } from 'date-fns';

/** The year list starts in 2025 (spec section 9). */
export const FIRST_SELECTABLE_YEAR = 2025;

/**
 * The label beside the title: 1 January to today for the current year,
 * 1 January to 31 December for earlier ones, as yyyy.MM.dd.
 */
export function dateRangeLabel(year: number, today: Date): string {
  const until = year === today.getFullYear() ? format(today, 'yyyy.MM.dd') : `${year}.12.31`;
  return `${year}.01.01 - ${until}`;
}

/** Every year from 2025 to the current one, oldest first. */
export function selectableYears(today: Date): number[] {
  const years: number[] = [];
  for (let year = FIRST_SELECTABLE_YEAR; year <= today.getFullYear(); year += 1) years.push(year);
  return years;
}

/**
 * The year choices of the lists, the board and the counts: 2025 to the current year as on
 * the dashboard, and besides them every year that holds data and the year shown, so no
 * deal is ever out of reach. Oldest first.
 */
export function yearsWithData(today: Date, dataYears: readonly number[], shown: number): number[] {
  return [...new Set([...selectableYears(today), ...dataYears, shown])].sort((a, b) => a - b);
}
