import { fromCallback } from 'xstate';

/** What a screen's machine asks of its address keeper: the query its address should have. */
export interface AddressWrite {
  type: 'address.write';
  query: string;
}

/**
 * A screen's address keeper, invoked for as long as the screen's machine runs (the
 * `address` child): the machine sends it each query the address should show, and
 * its wiring provides the one that writes them (src/wiring/address-keeper.ts). The
 * writing waits for a paint, so it belongs to an actor: stopping the machine
 * stops the keeper and drops what it had not yet written. Without a wiring it
 * keeps nothing, as in the machines' own tests.
 */
export const addressKeeper = {
  invoke: { id: 'address', src: 'keepAddress' },
  actor: fromCallback<AddressWrite>(() => {}),
} as const;

/** The event that asks the keeper for an address with this query (sent by a machine's `sendTo('address', …)`). */
export const addressWrite = (query: string): AddressWrite => ({ type: 'address.write', query });
