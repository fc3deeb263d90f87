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
