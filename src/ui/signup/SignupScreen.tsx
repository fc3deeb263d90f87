import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Toaster } from 'react-hot-toast';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { signupMachine, SignupField } from '../../machines/signup.ts';
import { SIGNUP_TOASTER, signupFlow } from '../../wiring/signup.ts';
import { useFlow } from '../kit/services.tsx';
import { TextField } from '../kit/fields.tsx';
import logo from '../kit/logo.svg';
import art from './signup-art.svg';
import './signup.css';

type SignupActor = ActorRefFrom<typeof signupMachine>;

function useField(signup: SignupActor, field: SignupField): [string, (value: string) => void] {
  const value = useSelector(signup, (state) =>
    field === 'retypedPassword' ? state.context.retypedPassword : state.context.form[field],
  );
  return [value, (next) => signup.send({ type: 'form.change', field, value: next })];
}

/** /signup: activate the sign-in account of an existing CRM user. */
export default function SignupScreen() {
  const signup = useFlow(signupFlow);
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
