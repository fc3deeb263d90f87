import { fromPromise } from 'xstate';
import { found, type CrmClient, type User } from '../api/client.ts';
import { loadLeakedPasswords } from '../platform/leaked-passwords.ts';
import { toRows } from '../domain/users/list-view.ts';
import type { UserUpdateRequest } from '../domain/users/update-route.ts';
import { createUserMachine } from '../machines/create-user.ts';
import { updateUserMachine } from '../machines/update-user.ts';
import { userListMachine } from '../machines/user-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import { feedbackWithNavigation, logError, type Wiring } from './wiring.ts';

function putUser(api: CrmClient, { path, id, body }: UserUpdateRequest): Promise<User> {
  const options = { params: { path: { id } }, body };
  switch (path) {
    case '/api/users/{id}':
      return found(api.PUT('/api/users/{id}', options));
    case '/api/users/nohash/{id}':
      return found(api.PUT('/api/users/nohash/{id}', options));
    case '/api/users/admin/{id}':
      return found(api.PUT('/api/users/admin/{id}', options));
    case '/api/users/admin/nohash/{id}':
      return found(api.PUT('/api/users/admin/nohash/{id}', options));
  }
}

/** The user list with its two modals, their I/O done through the CRM API client; a modal left for another page moves the app there. */
export const userListFlow: Wiring<typeof userListMachine> = (services) => {
  const { api } = services;
  const feedback = { ...feedbackWithNavigation(services), preparePasswordRule: () => void loadLeakedPasswords() };
  return userListMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/user'),
      loadRows: fromPromise(async ({ input }) =>
        toRows(await found(api.GET('/api/users/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } }))),
      ),
      createUserModal: createUserMachine.provide({
        actors: {
          createUser: fromPromise(({ input }) => found(api.POST('/api/users', { body: input }))),
          createSalesperson: fromPromise(({ input }) => found(api.POST('/api/salespersons', { body: input }))),
        },
        actions: feedback,
      }),
      updateUserModal: updateUserMachine.provide({
        actors: { updateUser: fromPromise(({ input }) => putUser(api, input)) },
        actions: feedback,
      }),
    },
    actions: { logError },
  });
};
