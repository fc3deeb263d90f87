import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { FormProblems } from '../../../machines/form-problems.ts';

/** Any form machine's actor: its context holds the problems (see src/machines/form-problems.ts). */
type FormActor = Pick<AnyActorRef, 'getSnapshot' | 'subscribe'>;
type FormSnapshot = { context: FormProblems };

/** The problem under one field, if any: the field re-renders only when it changes. */
export function useProblem(actor: FormActor, field: string): string | undefined {
  return useSelector(actor, (state: FormSnapshot) => state.context.problems.find((problem) => problem.field === field)?.message);
}

/** How often problems were presented, and the form's own problem: what ProblemForm needs. */
export function useFormProblems(actor: FormActor): { problemsShown: number; formProblem: string | null } {
  const problemsShown = useSelector(actor, (state: FormSnapshot) => state.context.problemsShown);
  const formProblem = useSelector(actor, (state: FormSnapshot) => state.context.formProblem);
  return { problemsShown, formProblem };
}
