import { useEffect } from 'react';
import { useSearch } from 'wouter';
import type { Actor, AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import type { Caller } from '../../domain/session/profile.ts';
import type { Wiring } from '../../wiring/wiring.ts';
import { useFlow } from './services.tsx';

/**
 * A list screen's flow (see useFlow), opened as the address's query describes and
 * told whenever the address changes under it (a saved view's link, Back, Forward);
 * the list machine writes the address itself. The calling screen renders again on
 * each change of the address: a list that writes it on every keystroke draws its
 * rows in a memoised part of its own.
 */
export function useListFlow<Logic extends AnyActorLogic>(
  wire: Wiring<Logic>,
  input: (caller: Caller) => Omit<InputFrom<Logic>, 'address'>,
): Actor<Logic> {
  const address = useSearch();
  const list = useFlow(wire, (caller) => ({ ...input(caller), address }) as InputFrom<Logic>);
  useEffect(() => (list as AnyActorRef).send({ type: 'address.open', address }), [list, address]);
  return list;
}
