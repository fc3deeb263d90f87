/**
 * Local calendar days as plain integers.
 *
 * A day number is the count of days from 1970-01-01 to a date on the local
 * calendar. Taking it from Date.UTC(y, m, d) of the local y/m/d makes it
 * immune to daylight-saving changes: a local day of 23 or 25 hours still
 * advances the number by exactly one, which adding 24 h in milliseconds would
 * not.
 */

const MS_PER_DAY = 86_400_000;

export function dayNumberOf(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY;
}

export function dayNumberOfLocalDate(year: number, monthIndex: number, day: number): number {
  return Date.UTC(year, monthIndex, day) / MS_PER_DAY;
}

/** The day number of a calendar date written YYYY-MM-DD (as the API writes a day). */
export function dayNumberOfDateText(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dayNumberOfLocalDate(year, month - 1, day);
}

/** Local midnight at the start of the given day. */
export function startOfDayNumber(dayNumber: number): Date {
  const utc = new Date(dayNumber * MS_PER_DAY);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/** The last millisecond of the given local day, so a bucket's end includes the whole day. */
export function endOfDayNumber(dayNumber: number): Date {
  const utc = new Date(dayNumber * MS_PER_DAY);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), 23, 59, 59, 999);
}

/** 0 = Monday … 6 = Sunday; 1970-01-01 (day 0) was a Thursday. */
export function mondayBasedWeekdayOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
