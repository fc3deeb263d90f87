import { useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import toast, { Toaster } from 'react-hot-toast';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Link, useLocation } from 'wouter';
import type { CrmClient } from '../../api/client.ts';
import { signupMachine, type SignupField } from '../../machines/signup.ts';
import { useServices } from '../kit/services.tsx';
import { TextField } from '../kit/fields.tsx';
import logo from '../kit/logo.svg';
import art from './signup-art.svg';
import './signup.css';
import { inspection } from '../../platform/inspector.ts';

/** Sign-up has toasts of its own, top-center, apart from the app's top-right ones. */
export const SIGNUP_TOASTER = 'signup';

type SignupActor = ActorRefFrom<typeof signupMachine>;

function signupLogic(publicApi: CrmClient, navigate: (to: string) => void) {
  return signupMachine.provide({
    actors: {
      submitSignup: fromPromise(async ({ input }) => {
        // Only the status is used; a network failure rejects and is logged by the machine.
        const { response } = await publicApi.POST('/api/auth/signup', { body: input });
        return { status: response.status, ok: response.ok };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void toast.success(message, { toasterId: SIGNUP_TOASTER }),
      notifyError: (_, { message }) => void toast.error(message, { toasterId: SIGNUP_TOASTER }),
      navigate: (_, { to }) => navigate(to),
      logError: (_, { error }) => console.error(error),
    },
  });
}

function useField(signup: SignupActor, field: SignupField): [string, (value: string) => void] {
  const value = useSelector(signup, (state) =>
    field === 'retypedPassword' ? state.context.retypedPassword : state.context.form[field],
  );
  return [value, (next) => signup.send({ type: 'form.change', field, value: next })];
}

/** /signup: activate the sign-in account of an existing CRM user. */
export default function SignupScreen() {
  const { publicApi } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() => signupLogic(publicApi, (to) => navigate(to)));
  const signup = useActorRef(logic, { inspect: inspection() });
  const [email, setEmail] = useField(signup, 'email');
  const [password, setPassword] = useField(signup, 'password');
  const [retyped, setRetyped] = useField(signup, 'retypedPassword');
  const canSubmit = useSelector(signup, (state) => state.can({ type: 'signup.submit' }));
  const busy = useSelector(signup, (state) => state.hasTag('busy'));

  function submit(event: FormEvent) {
    event.preventDefault();
    signup.send({ type: 'signup.submit' });
  }

  return (
    <div className="signup">
      <div className="signup__art" aria-hidden="true">
        <img src={art} alt="" />
      </div>
      <main className="signup__panel">
        <div className="signup__form-wrap">
          <img className="signup__logo" src={logo} alt="CRM" width="56" height="56" />
          <h1>Sign Up to CRM</h1>
          {/* The spec's own messages replace the browser's, so native validation is off. */}
          <form noValidate onSubmit={submit} aria-busy={busy}>
            <TextField label="Email address" type="email" value={email} onChange={setEmail} readOnly={busy} autoComplete="email" required />
            <TextField label="Password" type="password" value={password} onChange={setPassword} readOnly={busy} autoComplete="new-password" required />
            <TextField label="Re-type Password" type="password" value={retyped} onChange={setRetyped} readOnly={busy} autoComplete="new-password" required />
            <button type="submit" className="button signup__submit" disabled={!canSubmit}>
              Create Account
            </button>
          </form>
          <p className="signup__signin">
            Already have an account? <Link href="/signin">Sign in</Link>
          </p>
        </div>
      </main>
      <Toaster toasterId={SIGNUP_TOASTER} position="top-center" />
    </div>
  );
}
