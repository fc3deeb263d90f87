import { useEffect, type ReactNode } from 'react';
import { SESSION_MESSAGES } from '../../machines/session.ts';
import { managesUsers } from '../../domain/session/profile.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { Spinner } from '../kit/Spinner.tsx';

type Access = 'signedIn' | 'loginRequired' | 'missingRole' | 'waiting';

/** How the session's state bears on a protected screen. */
function useAccess(): Access {
  return useSession((state): Access => {
    if (state.hasTag('signedIn')) return 'signedIn';
    if (state.matches({ denied: 'missingRole' })) return 'missingRole';
    if (state.matches('loginRequired') || state.matches('expired')) return 'loginRequired';
    return 'waiting';
  });
}

/** Sends the session to sign in once it says a login is required. */
function useLoginWhenRequired(access: Access): void {
  const { session } = useServices();
  useEffect(() => {
    if (access === 'loginRequired') session.send({ type: 'session.login' });
  }, [access, session]);
}

/**
 * The protective wrapper of the spec's routes: waits for the session, sends a
 * signed-out visitor to sign in (who then lands on /dashboard), and shows the
 * 404 page with the permission message to users without the crm-access role.
 */
export function Protected({ children }: { children: ReactNode }) {
  const access = useAccess();
  useLoginWhenRequired(access);
  if (access === 'signedIn') return <>{children}</>;
  if (access === 'missingRole') return <NotFound message={SESSION_MESSAGES.missingRole} />;
  return <Spinner label={access === 'loginRequired' ? 'Redirecting to sign in' : 'Checking your session'} />;
}

/** Routes for Super Admins and Admins only: everybody else, signed out too, gets the fallback page. */
export function ManagersOnly({ children }: { children: ReactNode }) {
  const access = useAccess();
  const allowed = useSession((state) => state.context.profile !== null && managesUsers(state.context.profile));
  if (access === 'waiting') return <Spinner label="Checking your session" />;
  if (access !== 'signedIn' || !allowed) return <NotFound />;
  return <>{children}</>;
}
