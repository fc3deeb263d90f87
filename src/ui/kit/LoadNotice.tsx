import type { ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';

interface LoadNoticeProps {
  /** The list machine's state; nothing is shown once it is ready. */
  phase: string;
  /** What is loading, as the notices name it: 'activities', 'e-mail attachments'. */
  what: string;
  /** What an empty list says, with what to do about it. */
  empty?: ReactNode;
  onRetry: () => void;
}

/**
 * What a screen shows while its data is not there: a spinner while loading, the empty
 * state, or a failed load with 'Try again'. Each list screen draws these states alike.
 */
export function LoadNotice({ phase, what, empty, onRetry }: LoadNoticeProps) {
  if (phase === 'loading') return <Spinner label={`Loading ${what}`} />;
  if (phase === 'empty' && empty !== undefined) {
    return (
      <p className="card notice" role="status">
        {empty}
      </p>
    );
  }
  if (phase !== 'failed') return null;
  return <LoadFailed onRetry={onRetry}>The {what} could not be loaded.</LoadFailed>;
}

/** A failed load, said in people's words ('The settings could not be loaded.'), with 'Try again'. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="card notice" role="alert">
      <p>{children}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
