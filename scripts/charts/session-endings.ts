import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { SESSION_MESSAGES, type EndReason } from '../../src/machines/session.ts';
import { actionName, type MachineChart } from '../../src/ui/machine-charts/describe.ts';

/** One way a session ends, as the session machine's final state records it. */
export interface SessionEnding {
  state: string;
  reason: EndReason;
  message: string | undefined;
  /** The transitions into the state, as 'from <state> on <event> [<guard>]'. */
  reachedBy: string[];
  /** Entry actions, the enclosing states' first, in the order they run. */
  entry: string[];
}

/**
 * Reads every final state of the session machine and the `end` action it runs
 * on entry. A final state without one, or with a message that is not one of
 * SESSION_MESSAGES, stops the generator: the app could not tell the user why.
 */
export function sessionEndings(machine: AnyStateMachine, chart: MachineChart): SessionEnding[] {
  const known = new Set<string>(Object.values(SESSION_MESSAGES));
  return finalStates(machine.root).map((node) => {
    const path = node.path.join('.');
    const entryActions = [...ancestors(node).reverse(), node].flatMap((state) => state.entry);
    const ends = entryActions.filter((action) => actionName(action) === 'end');
    if (ends.length !== 1) throw new Error(`The final state ${path} must run exactly one 'end' action`);
    const params = (ends[0] as { params?: unknown }).params as { reason: EndReason; message?: string } | undefined;
    if (!params || typeof params !== 'object' || typeof params.reason !== 'string') {
      throw new Error(`The 'end' action of ${path} must name its reason in fixed params`);
    }
    if (params.message !== undefined && !known.has(params.message)) {
      throw new Error(`The message of ${path} is not one of SESSION_MESSAGES: ${params.message}`);
    }
    const reachedBy = chart.transitions
      .filter((transition) => transition.targets.includes(path))
      .map(
        (transition) =>
          `from ${transition.source || '(session)'} on ${transition.event}${transition.guard ? ` [${transition.guard}]` : ''}`,
      );
    return { state: path, reason: params.reason, message: params.message, reachedBy, entry: entryActions.map(actionName) };
  });
}

function finalStates(node: AnyStateNode): AnyStateNode[] {
  const own = node.type === 'final' ? [node] : [];
  return [...own, ...Object.values(node.states).flatMap(finalStates)];
}

/** The enclosing states, innermost first, without the machine's root. */
function ancestors(node: AnyStateNode): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  for (let parent = node.parent; parent && parent.parent; parent = parent.parent) found.push(parent);
  return found;
}
