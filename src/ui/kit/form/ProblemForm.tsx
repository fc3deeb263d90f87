import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

interface ProblemFormProps {
  className?: string;
  onSubmit: () => void;
  busy?: boolean;
  /**
   * Grows each time the machine presents problems (a refused submit, a server's
   * refusal): focus then moves to the first field with a problem, in the order
   * the form shows them, or to the form's own problem when no field has one.
   */
  problemsShown: number;
  /** A problem that belongs to no field (a stale record, say), shown above the fields. */
  formProblem?: string | null;
  children: ReactNode;
}

/**
 * Every form of the app: native validation off (the rules' own words replace the
 * browser's), every problem under its field, focus on the first.
 */
export function ProblemForm({ className, onSubmit, busy, problemsShown, formProblem, children }: ProblemFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const formProblemRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (problemsShown === 0 || !form.current) return;
    const first = form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formProblemRef.current;
    first?.focus();
  }, [problemsShown]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form ref={form} className={className} noValidate onSubmit={submit} aria-busy={busy}>
      {formProblem ? (
        <p ref={formProblemRef} className="form-problem" role="alert" tabIndex={-1}>
          {formProblem}
        </p>
      ) : null}
      {children}
    </form>
  );
}
