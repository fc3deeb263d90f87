import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Problem } from '../domain/rules/problems.ts';
import { signupProblems } from '../domain/rules/people.ts';
import { NO_PROBLEMS, presentProblems, problemsAfterChange, type FormProblems } from './form-problems.ts';

/** Section 3: the sign-up form state. Only email and password are ever sent. */
export interface SignupForm {
  id: number;
  name: string;
  email: string;
  password: string;
  role_id: number;
}

export type SignupField = 'email' | 'password' | 'retypedPassword';

export interface SignupContext extends FormProblems<SignupField> {
  form: SignupForm;
  /** The re-typed password lives only here, on the client. */
  retypedPassword: string;
  /** The fields the error toast on screen is about: changing one of them dismisses it. */
  toastFields: readonly SignupField[];
}

export type SignupEvent =
  | { type: 'form.change'; field: SignupField; value: string }
  | { type: 'signup.submit' };

export interface SignupRequest {
  email: string;
  password: string;
}

/** Only the HTTP status of the answer is used (section 7), and a refusal's problems about fields if it names any. */
export interface SignupAnswer {
  status: number;
  ok: boolean;
  problems?: readonly Problem[];
}

export const SIGNUP_MESSAGES = {
  success: 'Signup successful!',
  notFound: 'User not found',
  exists: 'User already exists',
} as const;

export const initialSignupContext = (): SignupContext => ({
  form: { id: 0, name: '', email: '', password: '', role_id: 0 },
  retypedPassword: '',
  toastFields: [],
  ...NO_PROBLEMS,
});

const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'password', 'retypedPassword'];

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
    /** Takes the error toast about a field away once that field has changed. */
    dismissError: () => {},
    navigate: (_, _params: { to: string }) => {},
    /**
     * Readies the password rule's leaked list, which is too large for the first
     * screen's scripts: asked at the first keystroke, so that it is there by the submit.
     */
    preparePasswordRule: () => {},
    /** Network errors are only logged (section 8). */
    logError: (_, _params: { error: unknown }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const changed =
        event.field === 'retypedPassword'
          ? { ...context, retypedPassword: event.value }
          : { ...context, form: { ...context.form, [event.field]: event.value } };
      return { form: changed.form, retypedPassword: changed.retypedPassword, ...problemsAfterChange(context, problemsOf(changed)) };
    }),
    forgetToast: assign({ toastFields: [] }),
    /** Every problem under its field; the spec's toast names the first, in the spec's order. */
    showProblems: assign(({ context }) => {
      const problems = problemsOf(context);
      const first = problems[0]!;
      return {
        ...presentProblems(context, problems),
        toastFields: problems.filter((problem) => problem.message === first.message).map((problem) => problem.field),
      };
    }),
    /** The server's refusal is about the e-mail address: it shows there as well as in the spec's toast. */
    showEmailRefusal: assign(({ context }, params: { message: string }) => ({
      ...presentProblems(context, [{ field: 'email' as const, message: params.message }]),
      toastFields: ['email' as const],
    })),
    showAnswerProblems: assign(({ context }, params: { answer: SignupAnswer }) => {
      const problems = (params.answer.problems ?? []).filter((problem): problem is Problem<SignupField> =>
        SIGNUP_FIELDS.includes(problem.field as SignupField),
      );
      return { ...presentProblems(context, problems), toastFields: [] };
    }),
  },
  guards: {
    formIsInvalid: ({ context }) => problemsOf(context).length > 0,
    toastConcerns: ({ context, event }) => {
      assertEvent(event, 'form.change');
      return context.toastFields.includes(event.field);
    },
    answerHasProblems: (_, params: { answer: SignupAnswer }) => (params.answer.problems ?? []).length > 0,
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
        'form.change': [
          { guard: 'toastConcerns', actions: ['updateField', 'preparePasswordRule', 'dismissError', 'forgetToast'] },
          { actions: ['updateField', 'preparePasswordRule'] },
        ],
        'signup.submit': [
          {
            guard: 'formIsInvalid',
            actions: [
              'dismissError',
              'showProblems',
              { type: 'notifyError', params: ({ context }) => ({ message: context.problems[0]!.message }) },
            ],
          },
          { target: 'submitting', actions: ['dismissError', 'forgetToast'] },
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
            actions: [
              { type: 'notifyError', params: { message: SIGNUP_MESSAGES.notFound } },
              { type: 'showEmailRefusal', params: { message: SIGNUP_MESSAGES.notFound } },
            ],
          },
          {
            guard: { type: 'answerIs', params: ({ event }) => ({ answer: event.output, status: 409 }) },
            target: 'editing',
            actions: [
              { type: 'notifyError', params: { message: SIGNUP_MESSAGES.exists } },
              { type: 'showEmailRefusal', params: { message: SIGNUP_MESSAGES.exists } },
            ],
          },
          // A refusal naming fields shows under them; no toast, as for any other status (section 8).
          {
            guard: { type: 'answerHasProblems', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: { type: 'showAnswerProblems', params: ({ event }) => ({ answer: event.output }) },
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

function problemsOf(context: Pick<SignupContext, 'form' | 'retypedPassword'>): Problem<SignupField>[] {
  return signupProblems({
    email: context.form.email,
    password: context.form.password,
    retypedPassword: context.retypedPassword,
  });
}
