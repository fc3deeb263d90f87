import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AppServices, SessionActor } from '../../platform/session-runtime.ts';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's long-lived actors and clients, created once at start in main.tsx. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it');
  return services;
}

/** One narrow value of the session's snapshot; re-renders only when that value changes. */
export function useSession<T>(selector: (snapshot: ReturnType<SessionActor['getSnapshot']>) => T): T {
  return useSelector(useServices().session, selector);
}
