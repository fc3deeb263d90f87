import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { tenantSettingsMachine } from '../machines/tenant-settings.ts';
import type { Wiring } from './wiring.ts';

/** The settings screen's flow: the tenant settings call, and every screen's currency follows a save. */
export const tenantSettingsFlow: Wiring<typeof tenantSettingsMachine> = ({ quietApi, currency }) =>
  tenantSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => found(quietApi.GET('/api/tenant/settings'))),
      saveSettings: fromPromise(({ input }) => found(quietApi.PUT('/api/tenant/settings', { body: { currency: input.currency } }))),
    },
    actions: {
      logError: (_, { error }) => console.error(error),
      notifySaved: (_, { currency: code }) => {
        currency.set(code);
        toast.success('Settings saved');
      },
    },
  });
