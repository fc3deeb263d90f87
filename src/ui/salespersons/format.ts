import { format } from 'date-fns';

/** A sign-in moment as people read it, or a dash when there was none. */
export function formatLatestLogin(latestLogin: string | null): string {
  return latestLogin ? format(new Date(latestLogin), 'yyyy.MM.dd HH:mm') : '—';
}
