import toast from 'react-hot-toast';
import type { AnyActorLogic } from 'xstate';
import type { Caller } from '../domain/session/profile.ts';
import type { AppServices } from '../platform/session-runtime.ts';

/**
 * A flow's wiring: its machine provided with the actors and actions that do its
 * I/O, made from the app's services and the caller. Screens start it with the
 * one hook, useFlow (src/ui/kit/services.tsx); tests provide their own.
 */
export type Wiring<Logic extends AnyActorLogic> = (services: AppServices, caller: Caller) => Logic;

/** Failures are logged; the API client has already shown the person what went wrong. */
export const logError = (_: unknown, { error }: { error: unknown }) => console.error(error);

/** The app's toasts (top right) and the log, as flows' actions. */
export const feedback = {
  notifySuccess: (_: unknown, { message }: { message: string }) => void toast.success(message),
  notifyError: (_: unknown, { message }: { message: string }) => void toast.error(message),
  logError,
};

/** feedback, and moving to a route through the app's services. */
export function feedbackWithNavigation(services: Pick<AppServices, 'navigate'>) {
  return { ...feedback, navigate: (_: unknown, { to }: { to: string }) => services.navigate(to) };
}
