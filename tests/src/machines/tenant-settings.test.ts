import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { tenantSettingsMachine, type TenantSettings } from '../../../src/machines/tenant-settings.ts';
import { DEFAULT_STAGE_PROBABILITIES } from '../../../src/domain/opportunities/pipeline.ts';

function start(save: (currency: string, settings: TenantSettings) => Promise<{ currency: string }>) {
  const saved: string[] = [];
  const machine = tenantSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => ({ currency: 'EUR', stage_probabilities: DEFAULT_STAGE_PROBABILITIES })),
      saveSettings: fromPromise(async ({ input }) => ({ ...input, ...(await save(input.currency, input)) })),
    },
    actions: { notifySaved: (_, { currency }) => void saved.push(currency) },
  });
  return { actor: createActor(machine).start(), saved };
}

describe('tenant settings', () => {
  test('loads the currency, saves a new ISO code in capitals, and every screen is told', async () => {
    const { actor, saved } = start(async (currency) => ({ currency }));
    await waitFor(actor, (state) => state.matches('editing'));
    expect(actor.getSnapshot().context.draft).toBe('EUR');
    actor.send({ type: 'currency.change', value: ' usd ' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (state) => state.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ saved: 'USD', draft: 'USD', problem: null });
    expect(saved).toEqual(['USD']);
  });

  test('a code that is no currency is refused under the field before anything is sent, and the draft stays', async () => {
    const sent: string[] = [];
    const { actor } = start(async (currency) => (sent.push(currency), { currency }));
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'currency.change', value: 'ABC' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'ABC', saved: 'EUR', problem: 'ABC is not an ISO 4217 currency code.' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(sent).toEqual([]);
  });

  test("the server's refusal is shown in its words and the draft is kept", async () => {
    const { actor } = start(async () => {
      throw new Error('Only the Super Admin may change the tenant settings');
    });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'currency.change', value: 'CHF' });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (state) => state.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'CHF', saved: 'EUR', problem: 'Only the Super Admin may change the tenant settings' });
  });

  test("each stage's default probability is edited and saved with the currency; one that is no whole number from 0 to 100 is refused before sending", async () => {
    const sent: TenantSettings[] = [];
    const { actor } = start(async (currency, settings) => (sent.push(settings), { currency }));
    await waitFor(actor, (state) => state.matches('editing'));
    expect(actor.getSnapshot().context.probabilities).toEqual({ qualification: '10', proposal: '30', negotiation: '60', 'closed won': '100', 'closed lost': '0' });
    actor.send({ type: 'probability.change', stage: 'negotiation', value: '101' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.probabilityProblem).toBe('Negotiation probability must be a whole number from 0 to 100.');
    actor.send({ type: 'probability.change', stage: 'negotiation', value: 'x' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.probabilityProblem).toBe('Negotiation probability must be a whole number from 0 to 100.');
    expect(sent).toEqual([]);
    actor.send({ type: 'probability.change', stage: 'negotiation', value: '70' });
    expect(actor.getSnapshot().context.probabilityProblem).toBeNull();
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (state) => state.matches('editing') && sent.length === 1);
    expect(sent).toEqual([{ currency: 'EUR', stage_probabilities: { ...DEFAULT_STAGE_PROBABILITIES, negotiation: 70 } }]);
    expect(actor.getSnapshot().context.probabilities.negotiation).toBe('70');
  });
});
