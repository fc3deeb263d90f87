import type { EndReason } from '../../machines/session.ts';
import { SESSION_MESSAGES } from '../../machines/session.ts';
import { useServices } from '../kit/services.tsx';

/** What each way of ending tells the person: the spec's message first, where it has one, then what to do. */
const EXPLANATIONS: Record<Exclude<EndReason, 'missingRole'>, { message: string | null; explanation: string }> = {
  loggedOut: { message: null, explanation: 'You have logged out. Sign in again whenever you like.' },
  subscriptionExpired: {
    message: SESSION_MESSAGES.subscriptionExpired,
    explanation: "Your company's subscription to the CRM has ended, so you were signed out. Ask your administrator to renew it, then sign in again.",
  },
  tokenRejected: {
    message: SESSION_MESSAGES.tokenRejected,
    explanation: 'The server no longer accepted your sign-in, so you were signed out to keep your data safe. Sign in again to go on.',
  },
  providerSessionEnded: {
    message: null,
    explanation: 'Your session at the sign-in service ended: you signed out in another tab, or it ran out. Sign in again to go on.',
  },
  profileUnavailable: {
    message: SESSION_MESSAGES.profileUnavailable,
    explanation: 'You were signed out because your profile could not be loaded. Try signing in again in a little while; if it keeps happening, tell your administrator.',
  },
  invalidToken: {
    message: SESSION_MESSAGES.invalidToken,
    explanation: 'The sign-in service sent a sign-in without an e-mail address, so you were signed out.',
  },
};


/** The page a session's end leaves the person on: why it ended, and 'Sign in' to start again. */
export function SignedOut({ reason }: { reason: Exclude<EndReason, 'missingRole'> }) {
  const { session } = useServices();
  const { message, explanation } = EXPLANATIONS[reason];
  return (
    <section className="signed-out" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title">Signed out</h1>
      {message ? (
        <p className="signed-out__message" role="alert">
          {message}
        </p>
      ) : null}
      <p>{explanation}</p>
      <button type="button" className="button" onClick={() => session.send({ type: 'session.login' })}>
        Sign in
      </button>
    </section>
  );
}
