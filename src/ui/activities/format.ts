import { format } from 'date-fns';

/** A due time as people read a schedule, in local time: "Tue 16 Jun 2026, 09:30". */
export function formatDue(dueAt: string): string {
  return format(new Date(dueAt), 'EEE d MMM yyyy, HH:mm');
}

export function formatDuration(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
