import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { StackStatus } from './keycloak-stack.ts';

/** Long enough for a cold Keycloak (its first build) on a busy machine, and the app's build beside it. */
export const STACK_WAIT_MS = 300_000;

/**
 * Waits until the Keycloak stack (tests/support/keycloak-stack.ts), which comes up in
 * the background, is up; throws its reason when it could not come up. Every test file
 * of the project calls it first: `beforeAll(keycloakStackReady, STACK_WAIT_MS)`.
 */
export async function keycloakStackReady(): Promise<void> {
  const file = inject('keycloakStackStatus');
  const deadline = Date.now() + STACK_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const status = JSON.parse(readFileSync(file, 'utf8')) as StackStatus;
      if (status.ready) return;
      throw new Error(status.error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The Keycloak stack was not up within ${STACK_WAIT_MS / 1000} s`);
}
