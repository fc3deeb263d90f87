import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useServices, useSession } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SESSION_MESSAGES } from '../../machines/session.ts';
import { Layout } from './Layout.tsx';
import { SignedOutPage, useAccess } from './guards.tsx';

export const POST_LOGIN_ROUTE = '/dashboard';

/**
 * /signin: the redirect target when not authenticated. It starts the provider's
 * sign-in, receives the callback, and moves on to the dashboard once signed in.
 */
export function SignIn() {
  const { session } = useServices();
  const [, navigate] = useLocation();
  const access = useAccess();
  const canLogin = useSession((state) => state.can({ type: 'session.login' }));
  useEffect(() => {
    if (access === 'signedIn') navigate(POST_LOGIN_ROUTE, { replace: true });
    if (access === 'loginRequired' && canLogin) session.send({ type: 'session.login' });
  }, [access, canLogin, navigate, session]);
  if (access === 'missingRole' || access === 'signedOut') {
    return (
      <Layout>
        {access === 'missingRole' ? <NotFound message={SESSION_MESSAGES.missingRole} offerDashboard={false} /> : <SignedOutPage />}
      </Layout>
    );
  }
  return <Spinner label="Signing in" />;
}
