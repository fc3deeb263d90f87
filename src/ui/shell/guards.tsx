import { useEffect, type ReactNode } from 'react';
import { explainsEnding, isManager, SESSION_MESSAGES, sessionPhase, type SessionPhase } from '../../machines/session.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { SignedOut } from './SignedOut.tsx';
import { SUPER_ADMIN } from '../../domain/rules/roles.ts';

/** How the session's state bears on a protected screen. */
export function useAccess(): SessionPhase {
  return useSession(sessionPhase);
}

/** The ending the signed-out page explains. */
export function SignedOutPage() {
  const reason = useSession((state) => state.context.ending?.reason);
  return explainsEnding(reason) ? <SignedOut reason={reason} /> : null;
}

/** Sends the session to sign in once it says a login is required. */
function useLoginWhenRequired(access: SessionPhase): void {
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
  if (access === 'missingRole') return <NotFound message={SESSION_MESSAGES.missingRole} offerDashboard={false} />;
  if (access === 'signedOut') return <SignedOutPage />;
  return <Spinner label={access === 'loginRequired' ? 'Redirecting to sign in' : 'Checking your session'} />;
}

/** Routes for Super Admins and Admins only: everybody else, signed out too, gets the fallback page. */
export function ManagersOnly({ children }: { children: ReactNode }) {
  const access = useAccess();
  const allowed = useSession(isManager);
  if (access === 'waiting') return <Spinner label="Checking your session" />;
  if (access === 'signedOut') return <SignedOutPage />;
  if (access === 'missingRole') return <NotFound message={SESSION_MESSAGES.missingRole} offerDashboard={false} />;
  if (access !== 'signedIn' || !allowed) return <NotFound />;
  return <>{children}</>;
}

/** The tenant settings: its Super Admin only; everybody else gets the fallback page. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const isSuperAdmin = useSession((state) => state.context.profile?.role_id === SUPER_ADMIN);
  const access = useAccess();
  if (access === 'signedIn' && !isSuperAdmin) return <NotFound />;
  return <ManagersOnly>{children}</ManagersOnly>;
}
