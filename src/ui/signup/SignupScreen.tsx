import { useSelector } from '@xstate/react';
import { Toaster } from 'react-hot-toast';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { signupMachine, SignupField } from '../../machines/signup.ts';
import { SIGNUP_TOASTER, signupFlow } from '../../wiring/signup.ts';
import { useFlow } from '../kit/services.tsx';
import { InputField } from '../kit/form/fields.tsx';
import { ProblemForm } from '../kit/form/ProblemForm.tsx';
import { useFormProblems, useProblem } from '../kit/form/use-problems.ts';
import logo from '../kit/logo.svg';
import art from './signup-art.svg';
import './signup.css';

type SignupActor = ActorRefFrom<typeof signupMachine>;

function useField(signup: SignupActor, field: SignupField): [string, (value: string) => void, string | undefined] {
  const value = useSelector(signup, (state) =>
    field === 'retypedPassword' ? state.context.retypedPassword : state.context.form[field],
  );
  const problem = useProblem(signup, field);
  return [value, (next) => signup.send({ type: 'form.change', field, value: next }), problem];
}

/** /signup: activate the sign-in account of an existing CRM user. */
export default function SignupScreen() {
  const signup = useFlow(signupFlow);
  const [email, setEmail, emailProblem] = useField(signup, 'email');
  const [password, setPassword, passwordProblem] = useField(signup, 'password');
  const [retyped, setRetyped, retypedProblem] = useField(signup, 'retypedPassword');
  const canSubmit = useSelector(signup, (state) => state.can({ type: 'signup.submit' }));
  const busy = useSelector(signup, (state) => state.hasTag('busy'));
  const { problemsShown } = useFormProblems(signup);

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
          <ProblemForm onSubmit={() => signup.send({ type: 'signup.submit' })} busy={busy} problemsShown={problemsShown}>
            <InputField label="Email address" type="email" value={email} onChange={busy ? undefined : setEmail} autoComplete="email" problem={emailProblem} required />
            <InputField label="Password" type="password" value={password} onChange={busy ? undefined : setPassword} autoComplete="new-password" problem={passwordProblem} required />
            <InputField
              label="Re-type Password"
              type="password"
              value={retyped}
              onChange={busy ? undefined : setRetyped}
              autoComplete="new-password"
              problem={retypedProblem}
              required
            />
            <button type="submit" className="button signup__submit" disabled={!canSubmit}>
              Create Account
            </button>
          </ProblemForm>
          <p className="signup__signin">
            Already have an account? <Link href="/signin">Sign in</Link>
          </p>
        </div>
      </main>
      <Toaster toasterId={SIGNUP_TOASTER} position="top-center" />
    </div>
  );
}
