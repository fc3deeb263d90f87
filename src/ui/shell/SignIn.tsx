import { useEffect } from 'react';
import { useServices, useSession } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SESSION_MESSAGES, sessionPhase } from '../../machines/session.ts';
import { Layout } from './Layout.tsx';
import { SignedOutPage } from './guards.tsx';

/**
 * /signin: the redirect target when not authenticated. It tells the session
 * that /signin is open whenever the session's phase changes; the session starts
 * the provider's sign-in when a login is required and moves on to the dashboard
 * once signed in. A session that has just ended is explained first.
 */
export function SignIn() {
  const { session } = useServices();
  const phase = useSession(sessionPhase);
  useEffect(() => {
    session.send({ type: 'session.signin' });
  }, [phase, session]);
  if (phase === 'missingRole' || phase === 'signedOut') {
    return (
      <Layout>
        {phase === 'missingRole' ? <NotFound message={SESSION_MESSAGES.missingRole} offerDashboard={false} /> : <SignedOutPage />}
      </Layout>
    );
  }
  return <Spinner label="Signing in" />;
}
