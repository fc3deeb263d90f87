import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, InputFrom } from 'xstate';
import type { ApiPart } from '../../domain/api-parts.ts';
import { callerOf, type Caller } from '../../domain/session/profile.ts';
import type { AppServices, SessionActor } from '../../platform/session-runtime.ts';
import type { Wiring } from '../../wiring/wiring.ts';

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

/**
 * Which of `needed` the CRM API lacks, once the app knows which optional parts it
 * offers; undefined while it is still finding out.
 */
export function useMissingParts(needed: readonly ApiPart[]): readonly ApiPart[] | undefined {
  const parts = useSelector(useServices().apiParts, (state) => (state.hasTag('known') ? state.context.parts : undefined));
  return parts && needed.filter((part) => !parts.includes(part));
}

/** The signed-in caller: tenant, e-mail and role, from the session's profile. */
export function useCaller(): Caller {
  const profile = useSession((state) => state.context.profile);
  return callerOf(profile);
}

/**
 * The one way a screen gets its flow: the flow's machine wired to the app's
 * services (src/wiring/), started for the screen's lifetime with the caller's
 * input and the inspector. The wiring and the input are read once: a screen for
 * another record is another flow (give it a key).
 */
export function useFlow<Logic extends AnyActorLogic>(
  wire: Wiring<Logic>,
  input?: (caller: Caller) => InputFrom<Logic>,
): Actor<Logic> {
  const services = useServices();
  const caller = useCaller();
  const [logic] = useState(() => wire(services, caller));
  const options: ActorOptions<Logic> = { ...(input ? { input: input(caller) } : {}), ...(services.inspect ? { inspect: services.inspect } : {}) };
  return (useActorRef as (logic: Logic, options: ActorOptions<Logic>) => Actor<Logic>)(logic, options);
}

/** The tenant's currency (ISO 4217) for every amount shown; asked of the API by the first screen that shows one (all are signed-in screens). */
export function useCurrency(): string {
  const { currency } = useServices();
  useEffect(() => {
    currency.load();
  }, [currency]);
  return useSyncExternalStore(currency.subscribe, currency.current);
}

/**
 * The years holding the tenant's opportunities, asked of the API again whenever a year
 * choice appears (a deal saved meanwhile may have added one).
 */
export function useDataYears(): readonly number[] {
  const { dataYears } = useServices();
  const { tenantId } = useCaller();
  useEffect(() => {
    dataYears.refresh(tenantId);
  }, [dataYears, tenantId]);
  return useSyncExternalStore(dataYears.subscribe, dataYears.current);
}
