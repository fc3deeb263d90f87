import { LoadNotice } from './LoadNotice.tsx';

/** What an opportunity screen shows instead of its data: loading, a year without any, or a failed load with a retry. */
export function YearNotice({
  phase,
  year,
  what,
  onRetry,
}: {
  phase: 'loading' | 'empty' | 'failed';
  year: number;
  what: string;
  onRetry: () => void;
}) {
  return <LoadNotice phase={phase} what={what} empty={`No opportunities in ${year}.`} onRetry={onRetry} />;
}
