import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import { signupMachine, type SignupAnswer, type SignupRequest } from '../../../src/machines/signup';

/** A sign-up actor whose server answers with `answer`, recording what it shows and where it goes. */
function startSignup(answer: (request: SignupRequest) => Promise<SignupAnswer>) {
  const seen = {
    requests: [] as SignupRequest[],
    successes: [] as string[],
    errors: [] as string[],
    navigations: [] as string[],
    logged: [] as unknown[],
    passwordRulePrepared: 0,
  };
  const machine = signupMachine.provide({
    actors: {
      submitSignup: fromPromise<SignupAnswer, SignupRequest>(async ({ input }) => {
        seen.requests.push(input);
        return answer(input);
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      notifyError: (_, { message }) => void seen.errors.push(message),
      navigate: (_, { to }) => void seen.navigations.push(to),
      logError: (_, { error }) => void seen.logged.push(error),
      preparePasswordRule: () => void (seen.passwordRulePrepared += 1),
    },
  });
  const actor = createActor(machine).start();
  return { actor, seen };
}

function fill(actor: ReturnType<typeof startSignup>['actor'], email: string, password: string, retyped: string) {
  actor.send({ type: 'form.change', field: 'email', value: email });
  actor.send({ type: 'form.change', field: 'password', value: password });
  actor.send({ type: 'form.change', field: 'retypedPassword', value: retyped });
}

const answered = (status: number) => async (): Promise<SignupAnswer> => ({ status, ok: status >= 200 && status < 300 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sign-up form state (section 3)', () => {
  test('starts with id 0, empty name, email and password, role_id 0, and no re-typed password', () => {
    const { actor } = startSignup(answered(201));
    expect(actor.getSnapshot().context).toEqual({
      form: { id: 0, name: '', email: '', password: '', role_id: 0 },
      retypedPassword: '',
      problems: [],
      problemsShown: 0,
      formProblem: null,
      toastFields: [],
    });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  test('typing fills the fields; the re-typed password is kept apart from the form', () => {
    const { actor } = startSignup(answered(201));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42!');
    const { context } = actor.getSnapshot();
    expect(context.form.email).toBe('newhire@demo.test');
    expect(context.form.password).toBe('tulip-harbour-42');
    expect(context.retypedPassword).toBe('tulip-harbour-42!');
    expect(context.form).not.toHaveProperty('retypedPassword');
  });

  test('the password rule is readied at the first keystroke, not when the form opens', () => {
    const { actor, seen } = startSignup(answered(201));
    expect(seen.passwordRulePrepared).toBe(0);
    actor.send({ type: 'form.change', field: 'email', value: 'n' });
    expect(seen.passwordRulePrepared).toBeGreaterThan(0);
  });
});

describe('client validation, in order, stops the request', () => {
  test.each([
    ['', 'tulip-harbour-42', 'tulip-harbour-42', 'Must fill all fields.'],
    ['a@b.co', '', '', 'Must fill all fields.'],
    ['a@b.co', 'short', 'other', 'The password must be longer than 8 characters.'],
    ['a@b.co', '12345678', '12345678', 'The password must be longer than 8 characters.'],
    ['a@b.co', 'tulip-harbour-42', 'demo-passwort', 'Password and re-enter password must be the same.'],
  ])('%s / %s / %s gives %s', async (email, password, retyped, message) => {
    const { actor, seen } = startSignup(answered(201));
    fill(actor, email, password, retyped);
    actor.send({ type: 'signup.submit' });
    await vi.runAllTimersAsync();
    expect(seen.errors).toEqual([message]);
    expect(seen.requests).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('submitting', () => {
  test('sends only the email and password', async () => {
    const { actor, seen } = startSignup(answered(201));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (snapshot) => snapshot.value !== 'submitting');
    expect(seen.requests).toEqual([{ email: 'newhire@demo.test', password: 'tulip-harbour-42' }]);
  });

  test('a second submit while the request is in flight is not possible and sends nothing', async () => {
    let release!: (answer: SignupAnswer) => void;
    const { actor, seen } = startSignup(() => new Promise((resolve) => (release = resolve)));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'signup.submit' })).toBe(false);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'signup.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.requests).toHaveLength(1);
    release({ status: 201, ok: true });
    await waitFor(actor, (snapshot) => snapshot.value === 'succeeded');
  });

  test("201: toast 'Signup successful!', then /signin", async () => {
    const { actor, seen } = startSignup(answered(201));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'succeeded');
    expect(seen.successes).toEqual(['Signup successful!']);
    expect(seen.navigations).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'signup.submit' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1200);
    expect(seen.navigations).toEqual(['/signin']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(seen.errors).toEqual([]);
  });

  test.each([
    [404, 'User not found'],
    [409, 'User already exists'],
  ])("%i: error toast '%s', and the user stays on the form with what they typed", async (status, message) => {
    const { actor, seen } = startSignup(answered(status));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(seen.errors).toEqual([message]);
    expect(seen.successes).toEqual([]);
    expect(seen.navigations).toEqual([]);
    expect(actor.getSnapshot().context.form.email).toBe('newhire@demo.test');
    expect(actor.getSnapshot().can({ type: 'signup.submit' })).toBe(true);
  });

  test.each([400, 429, 500])('%i: nothing is shown and the form can be sent again', async (status) => {
    const { actor, seen } = startSignup(answered(status));
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(seen).toMatchObject({ errors: [], successes: [], navigations: [], logged: [] });
  });

  test('a network error is only logged', async () => {
    const failure = new TypeError('Failed to fetch');
    const { actor, seen } = startSignup(async () => {
      throw failure;
    });
    fill(actor, 'newhire@demo.test', 'tulip-harbour-42', 'tulip-harbour-42');
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(seen.logged).toEqual([failure]);
    expect(seen).toMatchObject({ errors: [], successes: [], navigations: [] });
  });
});

describe('model: every reachable state of the sign-up flow', () => {
  type Event = EventFrom<typeof signupMachine>;
  // Two e-mails (none, one), three passwords (none, too short, long), two re-typed (none, long).
  const events = [
    { type: 'form.change', field: 'email', value: 'newhire@demo.test' },
    { type: 'form.change', field: 'password', value: 'tulip-harbour-42' },
    { type: 'form.change', field: 'password', value: 'short' },
    { type: 'form.change', field: 'retypedPassword', value: 'tulip-harbour-42' },
    { type: 'signup.submit' },
    { type: 'xstate.done.actor.submitSignup', output: { status: 201, ok: true } },
    { type: 'xstate.done.actor.submitSignup', output: { status: 404, ok: false } },
    { type: 'xstate.done.actor.submitSignup', output: { status: 409, ok: false } },
    { type: 'xstate.error.actor.submitSignup', error: new TypeError('offline') },
    { type: 'xstate.after.beforeSignin.signup.succeeded' },
  ] as unknown as Event[];
  // States differ by where they are and what was typed; the problems shown follow from those.
  const serializeState = (state: { value: unknown; context: { form: unknown; retypedPassword: string } }) =>
    JSON.stringify({ value: state.value, form: state.context.form, retyped: state.context.retypedPassword });

  test('2 × 3 × 2 editing states, one submitting, succeeded and done: 15 shortest paths', () => {
    const paths = getShortestPaths(signupMachine, { events, serializeState });
    expect(paths).toHaveLength(15);
    expect(paths.filter((path) => path.state.value === 'editing')).toHaveLength(12);
  });

  test('the only way to /signin is a valid form answered ok', () => {
    const toDone = getShortestPaths(signupMachine, { events, serializeState, toState: (state) => state.status === 'done' });
    expect(toDone).toHaveLength(1);
    const types = toDone[0]!.steps.map((step) => step.event.type);
    expect(types.slice(-3)).toEqual([
      'signup.submit',
      'xstate.done.actor.submitSignup',
      'xstate.after.beforeSignin.signup.succeeded',
    ]);
    expect((toDone[0]!.steps.at(-2)!.event as unknown as { output: SignupAnswer }).output.ok).toBe(true);
  });

  test('no state reached while submitting or after success accepts another submit', () => {
    const adjacency = getAdjacencyMap(signupMachine, { events, serializeState });
    const busy = Object.values(adjacency).filter(({ state }) => state.value !== 'editing');
    expect(busy.map(({ state }) => state.value).sort()).toEqual(['done', 'submitting', 'succeeded']);
    for (const { state } of busy) expect(state.can({ type: 'signup.submit' })).toBe(false);
  });
});
