import { Spinner } from '../app/Spinner.tsx';

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
  if (phase === 'loading') return <Spinner label={`Loading ${what}`} />;
  if (phase === 'empty') {
    return (
      <p className="card notice" role="status">
        No opportunities in {year}.
      </p>
    );
  }
  return (
    <div className="card notice" role="alert">
      <p>The {what} could not be loaded.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
