import { getShortestPaths } from '@xstate/graph';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import type { Salesperson, Team } from '../../../src/api/client';
import {
  joinTeamNames,
  salespersonEditorMachine,
  type SaveSalespersonAnswer,
  type SaveSalespersonRequest,
} from '../../../src/machines/salesperson-editor';

const rep: Salesperson = {
  id: 8,
  name: 'Rita Rep',
  email: 'rep@demo.test',
  phone: '020 7946 0000',
  mobile: '+44 7700 900000',
  latest_login: '2026-11-20T09:30:00.000Z',
  status: 1,
};

interface Server {
  salesperson?: () => Promise<Salesperson>;
  teams?: () => Promise<Team[]>;
  save?: (request: SaveSalespersonRequest) => Promise<SaveSalespersonAnswer>;
}

function startEditor(server: Server = {}) {
  const seen = {
    loads: [] as number[],
    teamSearches: [] as number[],
    saves: [] as SaveSalespersonRequest[],
    successes: [] as string[],
    errors: [] as string[],
    navigations: [] as string[],
    logged: [] as unknown[],
  };
  const machine = salespersonEditorMachine.provide({
    actors: {
      loadSalesperson: fromPromise<Salesperson, { id: number }>(async ({ input }) => {
        seen.loads.push(input.id);
        return server.salesperson ? server.salesperson() : rep;
      }),
      loadTeams: fromPromise<Team[], { salespersonId: number }>(async ({ input }) => {
        seen.teamSearches.push(input.salespersonId);
        return server.teams ? server.teams() : [{ id: 1, name: 'North' }, { id: 2, name: 'Key Accounts' }];
      }),
      saveSalesperson: fromPromise<SaveSalespersonAnswer, SaveSalespersonRequest>(async ({ input }) => {
        seen.saves.push(input);
        return server.save ? server.save(input) : { ...rep, ...input.body, id: input.id };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      notifyError: (_, { message }) => void seen.errors.push(message),
      navigate: (_, { to }) => void seen.navigations.push(to),
      logError: (_, { error }) => void seen.logged.push(error),
    },
  });
  const actor = createActor(machine, { input: { salespersonId: 8 } }).start();
  return { actor, seen };
}

type Actor = ReturnType<typeof startEditor>['actor'];
const editing = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches({ record: 'editing' }));

describe('loading', () => {
  test('GET /api/salespersons/{id} and POST /api/teams/searchTeam {salespersonId} for the id of the route', async () => {
    const { actor, seen } = startEditor();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await editing(actor);
    await waitFor(actor, (snapshot) => snapshot.matches({ teams: 'loaded' }));
    expect(seen.loads).toEqual([8]);
    expect(seen.teamSearches).toEqual([8]);
    const { context } = actor.getSnapshot();
    expect(context.salesperson).toEqual(rep);
    expect(context.form).toEqual({ phone: rep.phone, mobile: rep.mobile });
    expect(context.teamNames).toBe('North, Key Accounts');
  });

  test('team names are joined by commas, none gives an empty field', () => {
    expect(joinTeamNames([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe('A, B, C');
    expect(joinTeamNames([])).toBe('');
  });

  test('a failed team search leaves Team empty but the form usable', async () => {
    const { actor, seen } = startEditor({
      teams: async () => {
        throw new Error('offline');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ teams: 'failed', record: 'editing' }));
    expect(actor.getSnapshot().context.teamNames).toBe('');
    expect(seen.logged).toHaveLength(1);
  });

  test('a salesperson that cannot be loaded shows the failed state, which can reload', async () => {
    let attempts = 0;
    const { actor } = startEditor({
      salesperson: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Not found');
        return rep;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'retry' });
    await editing(actor);
  });
});

describe('validation', () => {
  test.each([
    ['phone', '', 'Must fill all fields.'],
    ['mobile', '   ', 'Must fill all fields.'],
    ['phone', '+0 20 7946', 'Invalid Phone number format'],
    ['mobile', '1234567890123456', 'Invalid Phone number format'],
    ['mobile', '0800-123', 'Invalid Phone number format'],
  ] as const)('%s = %j gives %s and saves nothing', async (field, value, message) => {
    const { actor, seen } = startEditor();
    await editing(actor);
    actor.send({ type: 'form.change', field, value });
    actor.send({ type: 'form.submit' });
    // Under the field, not in a toast.
    expect(actor.getSnapshot().context.problems).toEqual([{ field, message }]);
    expect(seen.errors).toEqual([]);
    expect(seen.saves).toEqual([]);
  });

  test("a stored e-mail of the wrong shape gives 'Invalid email format'", async () => {
    const { actor } = startEditor({ salesperson: async () => ({ ...rep, email: 'rep-at-demo' }) });
    await editing(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'email', message: 'Invalid email format' }]);
  });

  test("a stored record without a name gives 'Must fill all fields.'", async () => {
    const { actor } = startEditor({ salesperson: async () => ({ ...rep, name: '' }) });
    await editing(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'name', message: 'Must fill all fields.' }]);
  });
});

describe('saving', () => {
  test("PUT /api/salespersons/{id} with the whole record, 'Saving...' meanwhile, then the success message and /salesperson", async () => {
    let release!: (answer: SaveSalespersonAnswer) => void;
    const { actor, seen } = startEditor({ save: () => new Promise((resolve) => (release = resolve)) });
    await editing(actor);
    actor.send({ type: 'form.change', field: 'phone', value: ' 00 44 20 7946 0001 ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'phone', value: '1' })).toBe(false);
    await waitFor(actor, () => seen.saves.length === 1);
    expect(seen.saves).toEqual([
      {
        id: 8,
        body: {
          name: 'Rita Rep',
          email: 'rep@demo.test',
          phone: '00 44 20 7946 0001',
          mobile: '+44 7700 900000',
          latest_login: '2026-11-20T09:30:00.000Z',
          status: 1,
        },
      },
    ]);
    release({ ...rep, phone: '00 44 20 7946 0001' });
    await waitFor(actor, (snapshot) => snapshot.matches({ record: 'saved' }));
    expect(seen.successes).toEqual(['Salesperson has been updated successfully!']);
    expect(seen.navigations).toEqual(['/salesperson']);
  });

  test.each([[{}], [null], [{ id: '8' }]])("an answer without an id (%j) gives 'Invalid credentials' and stays", async (answer) => {
    const { actor, seen } = startEditor({ save: async () => answer as SaveSalespersonAnswer });
    await editing(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => seen.errors.length > 0);
    expect(seen.errors).toEqual(['Invalid credentials']);
    expect(seen.navigations).toEqual([]);
    expect(actor.getSnapshot().matches({ record: 'editing' })).toBe(true);
  });

  test('a refused save keeps the typed numbers and can be retried', async () => {
    const { actor, seen } = startEditor({
      save: async () => {
        throw new Error('Forbidden');
      },
    });
    await editing(actor);
    actor.send({ type: 'form.change', field: 'mobile', value: '07700 900001' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => seen.logged.length === 1);
    expect(actor.getSnapshot().matches({ record: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.form.mobile).toBe('07700 900001');
    expect(seen.successes).toEqual([]);
  });
});

describe('model of the salesperson editor', () => {
  type Event = EventFrom<typeof salespersonEditorMachine>;
  const events = [
    { type: 'xstate.done.actor.loadSalesperson', output: rep },
    { type: 'xstate.error.actor.loadSalesperson', error: new Error('Not found') },
    { type: 'xstate.done.actor.loadTeams', output: [{ id: 1, name: 'North' }] },
    { type: 'form.change', field: 'phone', value: 'not a phone' },
    { type: 'form.submit' },
    { type: 'retry' },
    { type: 'xstate.done.actor.saveSalesperson', output: { id: 8 } },
    { type: 'xstate.done.actor.saveSalesperson', output: {} },
  ] as unknown as Event[];

  test('saved is reached only through a valid form and an answer with an id', () => {
    const toSaved = getShortestPaths(salespersonEditorMachine, {
      events,
      input: { salespersonId: 8 },
      toState: (state) => state.matches({ record: 'saved' }),
    });
    expect(toSaved.length).toBeGreaterThan(0);
    for (const path of toSaved) {
      const types = path.steps.map((step) => step.event.type);
      expect(types).toContain('xstate.done.actor.loadSalesperson');
      expect(path.state.context.form.phone).toBe(rep.phone);
      expect((path.steps.at(-1)!.event as unknown as { output: { id?: number } }).output.id).toBe(8);
    }
    // With and without the teams loaded first, for the one valid phone.
    expect(toSaved).toHaveLength(2);
  });

  test('every reachable state: record × teams × phone kept or broken', () => {
    const paths = getShortestPaths(salespersonEditorMachine, { events, input: { salespersonId: 8 } });
    // record loading/failed (2) with teams loading/loaded (2): 4; for the stored phone
    // editing, editing after an answer without an id ('Invalid credentials' above the
    // form) and saving, for the broken one editing before and after a submit showed its
    // problem (5), with both team states: 10; saved: 2.
    expect(paths).toHaveLength(16);
  });
});
