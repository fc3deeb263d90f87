import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { inspectionWanted, startInspector } from '../../../src/platform/inspector.ts';
import { machineCatalogue } from '../../../src/machines/catalogue.ts';

describe('switching the inspector on', () => {
  test('the runtime setting switches it on in any build', () => {
    expect(inspectionWanted({ inspect: true }, 'https://crm.example/dashboard', false)).toBe(true);
  });

  test('?inspect in the address switches it on in development only', () => {
    expect(inspectionWanted({ inspect: false }, 'http://localhost:3000/dashboard?inspect', true)).toBe(true);
    expect(inspectionWanted({ inspect: false }, 'https://crm.example/dashboard?inspect', false)).toBe(false);
  });

  test('the tab remembers ?inspect across the sign-in round trip, in development', () => {
    const stored = new Map<string, string>();
    const memory = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    expect(inspectionWanted({ inspect: false }, 'http://localhost:3000/dashboard', true, memory)).toBe(false);
    expect(inspectionWanted({ inspect: false }, 'http://localhost:3000/dashboard?inspect', true, memory)).toBe(true);
    expect(inspectionWanted({ inspect: false }, 'http://localhost:3000/dashboard', true, memory)).toBe(true);
    expect(inspectionWanted({ inspect: false }, 'https://crm.example/dashboard', false, memory)).toBe(false);
  });

  test('without either it stays off and hands the actors no observer', async () => {
    expect(inspectionWanted({ inspect: false }, 'http://localhost:3000/dashboard', true)).toBe(false);
    await expect(startInspector({ inspect: false }, 'http://localhost:3000/dashboard')).resolves.toBeUndefined();
  });
});

describe('what the inspector sees', () => {
  test.each(machineCatalogue.map((entry) => [entry.id, entry.machine] as const))(
    'an actor of the %s machine started with the observer reports its events and snapshots',
    (_id, machine) => {
      const seen: InspectionEvent[] = [];
      const silent = Object.fromEntries(
        Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]),
      );
      // One input that satisfies every machine's needs.
      const input = {
        settings: { clientId: 'crm-app', minValiditySeconds: 5, pollIntervalMs: 5000, logoutNoticeMs: 3000 },
        tenantId: 1,
        currentRoleId: 2,
        today: new Date(2026, 0, 1),
        salespersonId: 3,
        existingEmails: new Set(),
        user: { id: 5, name: 'Ada', email: 'ada@demo.test', role_id: 3, password: '' },
        caller: { id: 1, role_id: 2 },
      };
      const actor = createActor(machine.provide({ actors: silent }), { input, inspect: (event) => void seen.push(event) });
      actor.start();
      actor.stop();
      const types = new Set(seen.filter((event) => event.actorRef === actor).map((event) => event.type));
      for (const type of ['@xstate.actor', '@xstate.event', '@xstate.snapshot']) expect(types).toContain(type);
    },
  );
});

test('the modals the user list opens report to the same observer', async () => {
  const userList = machineCatalogue.find((entry) => entry.id === 'userList')!.machine;
  const seen: InspectionEvent[] = [];
  const actor = createActor(userList.provide({ actors: { loadRows: fromPromise(async () => []) } }), {
    input: { tenantId: 1, address: '', currentRoleId: 2 },
    inspect: (event) => void seen.push(event),
  });
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.can({ type: 'modal.create.open' }));
  actor.send({ type: 'modal.create.open' });
  const modal = actor.getSnapshot().children.createUserModal!;
  modal.send({ type: 'form.change', field: 'name', value: 'Ada' });
  actor.stop();
  expect(seen.some((event) => event.type === '@xstate.actor' && event.actorRef === modal)).toBe(true);
  expect(seen.some((event) => event.type === '@xstate.event' && event.actorRef === modal && event.event.type === 'form.change')).toBe(true);
});
