import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { found, type CrmClient, type User } from '../api/client.ts';
import type { UserUpdateRequest } from '../domain/users/update-route.ts';
import { createUserMachine } from '../machines/create-user.ts';
import { updateUserMachine } from '../machines/update-user.ts';
import { userListMachine } from '../machines/user-list.ts';

// Toasts go to the app's top-right toaster; failures were already shown by the API client.
const feedback = {
  notifySuccess: (_: unknown, { message }: { message: string }) => void toast.success(message),
  notifyError: (_: unknown, { message }: { message: string }) => void toast.error(message),
  logError: (_: unknown, { error }: { error: unknown }) => console.error(error),
};

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

/** The user list with its two modals, their I/O done through the CRM API client. */
export function userListLogic(api: CrmClient) {
  return userListMachine.provide({
    actors: {
      loadUsers: fromPromise(({ input }) =>
        found(api.GET('/api/users/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
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
    actions: { logError: feedback.logError },
  });
}
