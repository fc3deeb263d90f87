import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { found, type Schemas } from '../api/client.ts';
import { tenantSettingsMachine, type TenantSettings } from '../machines/tenant-settings.ts';
import type { Wiring } from './wiring.ts';

/** The settings screen's flow: the tenant settings call, and every screen's currency follows a save. */
export const tenantSettingsFlow: Wiring<typeof tenantSettingsMachine> = ({ quietApi, currency }) =>
  tenantSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise<TenantSettings>(() => found(quietApi.GET('/api/tenant/settings'))),
      saveSettings: fromPromise<TenantSettings, TenantSettings>(({ input }) =>
        // The machine has checked every stage is there, a whole number from 0 to 100 (stageProbabilitiesProblem).
        found(quietApi.PUT('/api/tenant/settings', { body: { currency: input.currency, stage_probabilities: input.stage_probabilities as Schemas['StageProbabilities'] } })),
      ),
    },
    actions: {
      logError: (_, { error }) => console.error(error),
      notifySaved: (_, { currency: code }) => {
        currency.set(code);
        toast.success('Settings saved');
      },
    },
  });
