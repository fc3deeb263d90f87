import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A machine's states and transitions as plain data, read from the machine
 * definition itself so the charts and tables cannot drift from the code. The
 * docs generator (scripts/charts.ts) and the /machines screen both draw from it.
 */
export interface MachineChart {
  id: string;
  root: ChartState;
  transitions: ChartTransition[];
}

export type ChartStateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** Dotted path from the machine's root ('' for the root itself). */
  path: string;
  key: string;
  kind: ChartStateKind;
  /** Path of the initial child of a compound state. */
  initial: string | undefined;
  children: ChartState[];
  tags: string[];
  /** What runs while the state is active, by source name. */
  invokes: string[];
  /** Action names run on entering the state. */
  entry: string[];
}

export type ChartTransitionKind = 'event' | 'after' | 'always' | 'done' | 'error';

export interface ChartTransition {
  /** Path of the state that declares the transition ('' = the machine's root). */
  source: string;
  kind: ChartTransitionKind;
  /** The event as a reader names it: the event type, 'done: loadProfile', 'after pollInterval', 'always'. */
  event: string;
  /** The guard as written in the code, e.g. 'lacksEmail' or 'and(everythingLoaded, noOpportunities)'. */
  guard: string | undefined;
  /** Paths of the target states; empty when the transition only runs actions and stays. */
  targets: string[];
  /** Action names as written in the code, in order. */
  actions: string[];
}

export function describeMachine(machine: AnyStateMachine): MachineChart {
  const transitions: ChartTransition[] = [];
  const root = describeState(machine.root, machine, transitions);
  return { id: machine.id, root, transitions };
}

/** Every state of a chart, depth first, the root included. */
export function allStates(state: ChartState): ChartState[] {
  return [state, ...state.children.flatMap(allStates)];
}

function describeState(node: AnyStateNode, machine: AnyStateMachine, transitions: ChartTransition[]): ChartState {
  const path = pathOf(node);
  const invokeSources = new Map(node.invoke.map((invoke) => [invoke.id, sourceName(invoke.src, invoke.id)]));
  const delays = new Map<string, unknown>(node.after.map((after) => [after.eventType, after.delay]));

  for (const [eventType, definitions] of node.transitions) {
    for (const definition of definitions) {
      transitions.push({
        source: path,
        ...eventOf(eventType, invokeSources, delays, machine),
        ...partsOf(definition),
      });
    }
  }
  for (const definition of node.always ?? []) {
    transitions.push({ source: path, kind: 'always', event: 'always', ...partsOf(definition) });
  }

  const children = Object.values(node.states).map((child) => describeState(child, machine, transitions));
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  return {
    path,
    key: node.key,
    kind: node.type,
    initial: initialTarget ? pathOf(initialTarget) : undefined,
    children,
    tags: [...node.tags],
    invokes: [...invokeSources.values()],
    // `after` schedules its events with raise actions of its own on entry; they are not the code's.
    entry: node.entry.filter((action) => !delays.has((action as { id?: string }).id ?? '')).map(actionName),
  };
}

function pathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

function eventOf(
  eventType: string,
  invokeSources: Map<string, string>,
  delays: Map<string, unknown>,
  machine: AnyStateMachine,
): Pick<ChartTransition, 'kind' | 'event'> {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const kind = actor[1] as 'done' | 'error';
    return { kind, event: `${kind}: ${invokeSources.get(actor[2]!) ?? actor[2]}` };
  }
  const delay = delays.get(eventType);
  if (delay !== undefined) return { kind: 'after', event: `after ${delayName(delay, machine)}` };
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone) return { kind: 'done', event: `done: state ${stateDone[1]!.split('.').slice(1).join('.')}` };
  return { kind: 'event', event: eventType };
}

/** A named delay shows its name, and its length when the machine fixes one. */
function delayName(delay: unknown, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return `${delay} ms`;
  if (typeof delay !== 'string') return 'a computed delay';
  const configured: unknown = machine.implementations.delays[delay];
  return typeof configured === 'number' ? `${delay} (${configured} ms)` : delay;
}

function partsOf(definition: AnyTransitionDefinition): Pick<ChartTransition, 'guard' | 'targets' | 'actions'> {
  return {
    guard: definition.guard === undefined ? undefined : guardName(definition.guard),
    targets: (definition.target ?? []).map(pathOf),
    actions: definition.actions.map(actionName),
  };
}

function sourceName(src: unknown, id: string): string {
  if (typeof src === 'string') return src;
  return id;
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // and / or / not carry the guards they combine.
    const combined = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(combined)) return `${guard.name}(${combined.map(guardName).join(', ')})`;
    return guard.name || 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline guard';
}

/** An action's name as written in the code. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    // Built-in actions (assign, raise, sendTo…) are tagged 'xstate.<name>'.
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return action.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) return String(action.type);
  return 'inline action';
}
