import type { InspectionEvent, Observer } from 'xstate';
import type { RuntimeConfig } from './runtime-config.ts';

/*
 * Live inspection of every actor the app starts, in the Stately inspector.
 * The inspector's code is imported only when inspection is switched on, so it
 * lands in its own chunk and never in the first one.
 */

const REMEMBERED = 'crm.inspect';

/**
 * Inspection is on when the server's settings say so (CRM_INSPECT=1), or, in a
 * development build, when the address carries `?inspect`. The tab remembers
 * `?inspect`, because signing in leaves for the provider and comes back
 * without it.
 */
export function inspectionWanted(
  config: Pick<RuntimeConfig, 'inspect'>,
  address: string,
  development: boolean,
  memory?: Pick<Storage, 'getItem' | 'setItem'>,
): boolean {
  if (config.inspect) return true;
  if (!development) return false;
  if (new URL(address).searchParams.has('inspect')) {
    memory?.setItem(REMEMBERED, '1');
    return true;
  }
  return memory?.getItem(REMEMBERED) === '1';
}

/**
 * Opens the Stately inspector when inspection is wanted and returns the observer
 * to pass as `inspect` to every actor (the app's services carry it to the one hook
 * that starts them); undefined otherwise. Call once at start, before any actor is created.
 */
export async function startInspector(
  config: Pick<RuntimeConfig, 'inspect'>,
  address: string = window.location.href,
): Promise<Observer<InspectionEvent> | undefined> {
  const development = process.env.NODE_ENV === 'development';
  const memory = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  if (!inspectionWanted(config, address, development, memory)) return undefined;
  const { createBrowserInspector } = await import(/* webpackChunkName: "inspector" */ '@statelyai/inspect');
  return createBrowserInspector().inspect;
}
