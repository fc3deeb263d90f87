import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { loadLeakedPasswords } from '../platform/leaked-passwords.ts';
import { refusalOfAnswer } from '../domain/rules/refusals.ts';
import { signupMachine } from '../machines/signup.ts';
import { logError, type Wiring } from './wiring.ts';

/** Sign-up has toasts of its own, top-center, apart from the app's top-right ones. */
export const SIGNUP_TOASTER = 'signup';

/** One error toast at a time, so it can be dismissed once the field it is about changes. */
const SIGNUP_ERROR_TOAST = 'signup-error';

export const signupFlow: Wiring<typeof signupMachine> = ({ publicApi, navigate }) =>
  signupMachine.provide({
    actors: {
      submitSignup: fromPromise(async ({ input }) => {
        // The status is what counts (section 7); a 400 may also name fields to show them under.
        // A network failure rejects and is logged by the machine.
        const { response, error } = await publicApi.POST('/api/auth/signup', { body: input });
        const problems = response.status === 400 ? refusalOfAnswer(error).problems : [];
        return { status: response.status, ok: response.ok, problems };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void toast.success(message, { toasterId: SIGNUP_TOASTER }),
      notifyError: (_, { message }) => void toast.error(message, { toasterId: SIGNUP_TOASTER, id: SIGNUP_ERROR_TOAST }),
      dismissError: () => toast.dismiss(SIGNUP_ERROR_TOAST, SIGNUP_TOASTER),
      navigate: (_, { to }) => navigate(to),
      preparePasswordRule: () => void loadLeakedPasswords(),
      logError,
    },
  });
