import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { signupProblem } from '../domain/validation';

/** Section 3: the sign-up form state. Only email and password are ever sent. */
export interface SignupForm {
  id: number;
  name: string;
  email: string;
  password: string;
  role_id: number;
}

export interface SignupContext {
  form: SignupForm;
  /** The re-typed password lives only here, on the client. */
  retypedPassword: string;
}

export type SignupField = 'email' | 'password' | 'retypedPassword';

export type SignupEvent =
  | { type: 'form.change'; field: SignupField; value: string }
  | { type: 'signup.submit' };

export interface SignupRequest {
  email: string;
  password: string;
}

/** Only the HTTP status of the answer is used (section 7). */
export interface SignupAnswer {
  status: number;
  ok: boolean;
}

export const SIGNUP_MESSAGES = {
  success: 'Signup successful!',
  notFound: 'User not found',
  exists: 'User already exists',
} as const;

export const initialSignupContext = (): SignupContext => ({
  form: { id: 0, name: '', email: '', password: '', role_id: 0 },
  retypedPassword: '',
});

/**
 * Sign-up (section 4): the form is filled, then submitted. Accepted: a success
 * toast, then /signin. Refused: an error toast and the user stays on the form.
 * While a request is in flight there is no submit transition at all, so the
 * button cannot send twice.
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    submitSignup: fromPromise<SignupAnswer, SignupRequest>(async () => {
      throw new Error('submitSignup must be provided');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    /** Network errors are only logged (section 8). */
    logError: (_, _params: { error: unknown }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      if (event.field === 'retypedPassword') return { retypedPassword: event.value };
      return { form: { ...context.form, [event.field]: event.value } };
    }),
  },
  guards: {
    formIsInvalid: ({ context }) => signupProblemOf(context) !== null,
    answerIsOk: (_, params: { answer: SignupAnswer }) => params.answer.ok,
    answerIs: (_, params: { answer: SignupAnswer; status: number }) => params.answer.status === params.status,
  },
  delays: {
    /** Long enough to read the success toast before the sign-in redirect replaces the page. */
    beforeSignin: 1200,
  },
}).createMachine({
  id: 'signup',
  context: initialSignupContext,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'updateField' },
        'signup.submit': [
          {
            guard: 'formIsInvalid',
            actions: { type: 'notifyError', params: ({ context }) => ({ message: signupProblemOf(context)! }) },
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: ({ context }) => ({ email: context.form.email.trim(), password: context.form.password }),
        onDone: [
          {
            guard: { type: 'answerIsOk', params: ({ event }) => ({ answer: event.output }) },
            target: 'succeeded',
          },
          {
            guard: { type: 'answerIs', params: ({ event }) => ({ answer: event.output, status: 404 }) },
            target: 'editing',
            actions: { type: 'notifyError', params: { message: SIGNUP_MESSAGES.notFound } },
          },
          {
            guard: { type: 'answerIs', params: ({ event }) => ({ answer: event.output, status: 409 }) },
            target: 'editing',
            actions: { type: 'notifyError', params: { message: SIGNUP_MESSAGES.exists } },
          },
          // Any other status: nothing is shown (section 8).
          { target: 'editing' },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    succeeded: {
      tags: ['busy'],
      entry: { type: 'notifySuccess', params: { message: SIGNUP_MESSAGES.success } },
      after: { beforeSignin: 'done' },
    },
    done: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/signin' } },
    },
  },
});

function signupProblemOf(context: SignupContext): string | null {
  return signupProblem({
    email: context.form.email,
    password: context.form.password,
    retypedPassword: context.retypedPassword,
  });
}
