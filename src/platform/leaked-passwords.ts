import { useLeakedPasswords } from '../domain/passwords/common-passwords.ts';

// Emitted by the build as a file of its own (rspack.config.ts): fetched, not parsed as script.
const LIST_URL = new URL('../domain/passwords/leaked-passwords.txt', import.meta.url);

let loading: Promise<void> | undefined;

/**
 * Gives the password rule its leaked list, fetched once. A failed fetch is tried again
 * at the next call; meanwhile the server, which always has the list, checks it.
 */
export function loadLeakedPasswords(): Promise<void> {
  loading ??= fetch(LIST_URL)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
    .then(useLeakedPasswords)
    .catch(() => {
      loading = undefined;
    });
  return loading;
}
