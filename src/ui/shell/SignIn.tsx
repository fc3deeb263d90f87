import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useServices, useSession } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SESSION_MESSAGES } from '../../machines/session.ts';

export const POST_LOGIN_ROUTE = '/dashboard';

/**
 * /signin: the redirect target when not authenticated. It starts the provider's
 * sign-in, receives the callback, and moves on to the dashboard once signed in.
 */
export function SignIn() {
  const { session } = useServices();
  const [, navigate] = useLocation();
  const phase = useSession((state) =>
    state.hasTag('signedIn')
      ? 'signedIn'
      : state.matches({ denied: 'missingRole' })
        ? 'missingRole'
        : state.can({ type: 'session.login' })
          ? 'canLogin'
          : 'busy',
  );
  useEffect(() => {
    if (phase === 'signedIn') navigate(POST_LOGIN_ROUTE, { replace: true });
    if (phase === 'canLogin') session.send({ type: 'session.login' });
  }, [phase, navigate, session]);
  if (phase === 'missingRole') return <NotFound message={SESSION_MESSAGES.missingRole} />;
  return <Spinner label="Signing in" />;
}
