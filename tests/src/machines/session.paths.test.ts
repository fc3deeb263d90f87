import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, type AnyStateNode } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { sessionMachine, type EndReason, type SessionEvent } from '../../../src/machines/session.ts';
import { SETTINGS, type Effect } from '../../support/session/harness.ts';
import { DELAYS, INVOCATIONS, MODEL_EVENTS, MODEL_NOW, nameOf, serializeSession, type SessionSnapshot } from '../../support/session/session-model.ts';

/*
 * Model-based tests. xstate's graph utilities walk the machine itself (its pure
 * transition function) with every event in MODEL_EVENTS: the person's events,
 * each answer each invoked actor can give (as the xstate.done/error.actor events
 * xstate raises for them) and each timer (as its xstate.after event). Then every
 * path found is replayed on a real running actor whose actors are deferred
 * promises the path settles, and whose timers run on the fake clock: at each step
 * the running session must be in the state the model predicted, and the spec's
 * invariants must hold. The path counts are pinned so that any new state or
 * transition fails here until the model is looked at again.
 */

const traversal = {
  input: { settings: SETTINGS },
  events: MODEL_EVENTS,
  serializeState: serializeSession as (snapshot: unknown) => string,
};

// Explore at the model's instant, as the replay runs at it.
vi.useFakeTimers({ now: MODEL_NOW });
const shortestPaths = getShortestPaths(sessionMachine, traversal);
const simplePaths = getSimplePaths(sessionMachine, traversal);
const titledShortestPaths = shortestPaths.map((path) => [serializeSession(path.state), describePath(path), path] as const);
vi.useRealTimers();

type SessionPath = StatePath<SessionSnapshot, SessionEvent>;

function describePath(path: SessionPath): string {
  return path.steps.slice(1).map((step) => nameOf(step.event)).join(' → ') || 'start';
}

/** The state nodes a session can rest in: leaves without an eventless (always) transition. */
function restingStateIds(node: AnyStateNode = sessionMachine.root): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  // A state left at once whatever the context (an unguarded `always`) is not one a session rests in.
  if (children.length === 0) return node.always?.some((transition) => !transition.guard) ? [] : [node.id];
  return children.flatMap((child) => restingStateIds(child));
}

const restingIdOf = (snapshot: SessionSnapshot) =>
  snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.id)[0]!;

/** Each way a session ends is its own final state, with its own reason. */
const REASON_OF_FINAL_STATE: Record<string, EndReason> = {
  'session.signedOut': 'loggedOut',
  'session.denied.invalidToken': 'invalidToken',
  'session.denied.missingRole': 'missingRole',
  'session.denied.subscriptionExpired': 'subscriptionExpired',
  'session.denied.profileUnavailable': 'profileUnavailable',
  'session.expired.tokenRejected': 'tokenRejected',
  'session.expired.providerSessionEnded': 'providerSessionEnded',
};

/** The states that show a message for a moment before the logout that follows it. */
const MESSAGE_BEFORE_LOGOUT: Record<string, string> = {
  'session.denied.profileFailed': 'Unable to load your profile. Please try again later.',
  'session.denied.invalidTokenNotice': 'Invalid token. Please log in again.',
  'session.denied.subscriptionExpiredNotice': 'Subscription expired.',
};

/** Final states whose entry logs the user out (tokens, user id, then the provider). */
const LOGGING_OUT = ['session.signedOut', 'session.denied.invalidToken', 'session.denied.subscriptionExpired', 'session.denied.profileUnavailable'];

describe('session machine, model-based', () => {
  test('reaches 26 distinct states, one shortest path each', () => {
    // uninitialised, loginRequired, signingIn (3); verifying: renewing and renewRetrying
    // (restored tokens that ran out), checkingTenant, loadingProfile, profileWaiting (a
    // 429 asked again later) (5); the 7 final
    // states and the three notices before a logout (profileFailed, invalidTokenNotice,
    // subscriptionExpiredNotice) (10); authenticated idle/refreshing/retrying by token
    // freshness and past failures: idle fresh|due, refreshing fresh|due × retried or not,
    // retrying fresh|due (8). 3 + 5 + 10 + 8 = 26. Tokens restored with their profile
    // reach the signed-in states without a new state.
    expect(shortestPaths).toHaveLength(26);
  });

  test('has 638 simple paths (no state visited twice)', () => {
    // /signin open (session.signin) is a second way from loginRequired to signingIn when no
    // ending waits to be explained; after an ending only 'Sign in' (session.login) starts again.
    expect(simplePaths).toHaveLength(638);
  });

  test('every state a session can rest in is reached', () => {
    const reached = new Set(shortestPaths.map((path) => restingIdOf(path.state)));
    expect([...reached].sort()).toEqual(restingStateIds().sort());
    expect(reached.size).toBe(21);
  });

  test('each ending reason belongs to exactly one final state', () => {
    const finals = restingStateIds().filter((id) => sessionMachine.getStateNodeById(id).type === 'final');
    expect(finals.sort()).toEqual(Object.keys(REASON_OF_FINAL_STATE).sort());
    expect(new Set(Object.values(REASON_OF_FINAL_STATE)).size).toBe(finals.length);
  });
});

describe('replaying every path on a running session', () => {
  beforeAll(() => {
    vi.useFakeTimers();
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  beforeEach(() => {
    vi.setSystemTime(MODEL_NOW);
  });
  afterEach(() => {
    vi.clearAllTimers();
  });

  test.each(titledShortestPaths)(
    'reaches %s by %s',
    async (_state, _events, path) => {
      await replay(path);
    },
  );

  test('all 638 simple paths replay as the model says', { timeout: 60_000 }, async () => {
    for (const path of simplePaths) {
      vi.setSystemTime(MODEL_NOW);
      await replay(path);
      vi.clearAllTimers();
    }
  });
});

/**
 * Runs a path on a real actor: actors are promises the path's done/error events
 * settle, timers fire on the fake clock, the person's events are sent. After each
 * step the running session must match the model and keep the spec's invariants.
 */
async function replay(path: SessionPath): Promise<void> {
  const pending = new Map<string, { resolve(output: unknown): void; reject(error: unknown): void }>();
  const effects: Effect[] = [];
  const awaitedByPath = () =>
    fromPromise<never, unknown>(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve: resolve as never, reject })));
  const machine = sessionMachine.provide({
    actors: {
      initialise: awaitedByPath(),
      startLogin: awaitedByPath(),
      lookupTenant: awaitedByPath(),
      loadProfile: awaitedByPath(),
      refreshTokens: awaitedByPath(),
    } as never,
    actions: {
      persistTokens: (_, { tokens }) => effects.push({ type: 'persistTokens', tokens }),
      clearTokens: () => effects.push({ type: 'clearTokens' }),
      storeProfile: (_, { profile }) => effects.push({ type: 'storeProfile', profile }),
      clearStoredUserId: () => effects.push({ type: 'clearStoredUserId' }),
      rememberEnding: (_, { ending }) => effects.push({ type: 'rememberEnding', ending }),
      redirectToProviderLogout: (_, { idToken }) => effects.push({ type: 'redirectToProviderLogout', idToken }),
      showError: (_, { message }) => effects.push({ type: 'showError', message }),
      logError: (_, { error }) => effects.push({ type: 'logError', error }),
    },
  });
  const session = createActor(machine, { input: { settings: SETTINGS } }).start();
  try {
    const [first, ...rest] = path.steps;
    expect(serializeSession(session.getSnapshot())).toBe(serializeSession(first!.state));
    for (const { event, state } of rest) {
      await happen(event as { type: string; output?: unknown; error?: unknown });
      const snapshot = session.getSnapshot();
      expect(serializeSession(snapshot), `after ${event.type}`).toBe(serializeSession(state));
      checkInvariants(snapshot, effects);
    }
  } finally {
    session.stop();
  }

  async function happen(event: { type: string; output?: unknown; error?: unknown }): Promise<void> {
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (settled) {
      const [, outcome, invocation] = settled;
      expect(Object.values(INVOCATIONS)).toContain(invocation);
      const actor = pending.get(invocation!);
      expect(actor, `${invocation} is running`).toBeDefined();
      pending.delete(invocation!);
      if (outcome === 'done') actor!.resolve(event.output);
      else actor!.reject(event.error);
      await vi.advanceTimersByTimeAsync(0);
    } else if (Object.values(DELAYS).includes(event.type as never)) {
      expect(vi.getTimerCount(), `${event.type} is scheduled`).toBe(1);
      await vi.advanceTimersToNextTimerAsync();
    } else {
      session.send(event as SessionEvent);
      await vi.advanceTimersByTimeAsync(0);
    }
  }
}

/** What the spec says must hold in every state a session reaches. */
function checkInvariants(snapshot: SessionSnapshot, effects: Effect[]): void {
  const id = restingIdOf(snapshot);
  const { context } = snapshot;
  const signedIn = snapshot.hasTag('signedIn');
  expect(signedIn).toBe(snapshot.matches('authenticated'));
  if (signedIn) {
    expect(context.tokens).not.toBeNull();
    expect(context.profile).not.toBeNull();
  }
  const reason = REASON_OF_FINAL_STATE[id];
  if (reason) {
    expect(context.ending?.reason).toBe(reason);
    expect(snapshot.hasTag('ended')).toBe(true);
  } else if (snapshot.matches('verifying') || signedIn) {
    // A live session carries no ending (one left from an earlier session may
    // remain while the person signs in again from an expired one).
    expect(context.ending).toBeNull();
  }
  if (id.startsWith('session.expired.') || LOGGING_OUT.includes(id)) {
    expect(context.tokens).toBeNull();
    const last = effects.map((effect) => effect.type);
    const clearedAt = last.lastIndexOf('clearTokens');
    expect(last[clearedAt + 1]).toBe('clearStoredUserId');
    if (LOGGING_OUT.includes(id)) expect(last.slice(clearedAt + 2)).toEqual(['rememberEnding', 'redirectToProviderLogout']);
  }
  if (id in MESSAGE_BEFORE_LOGOUT) {
    const shown = effects.filter((effect) => effect.type === 'showError').at(-1);
    expect(shown).toEqual({ type: 'showError', message: MESSAGE_BEFORE_LOGOUT[id] ?? context.ending?.message });
  }
}
