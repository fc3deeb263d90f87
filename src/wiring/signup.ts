import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { signupMachine } from '../machines/signup.ts';
import { logError, type Wiring } from './wiring.ts';

/** Sign-up has toasts of its own, top-center, apart from the app's top-right ones. */
export const SIGNUP_TOASTER = 'signup';

export const signupFlow: Wiring<typeof signupMachine> = ({ publicApi, navigate }) =>
  signupMachine.provide({
    actors: {
      submitSignup: fromPromise(async ({ input }) => {
        // Only the status is used; a network failure rejects and is logged by the machine.
        const { response } = await publicApi.POST('/api/auth/signup', { body: input });
        return { status: response.status, ok: response.ok };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void toast.success(message, { toasterId: SIGNUP_TOASTER }),
      notifyError: (_, { message }) => void toast.error(message, { toasterId: SIGNUP_TOASTER }),
      navigate: (_, { to }) => navigate(to),
      logError,
    },
  });
