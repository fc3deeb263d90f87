import { fromPromise } from 'xstate';
import { API_DOCUMENT_PATH } from '../domain/api-parts.ts';
import { apiPartsMachine } from '../machines/api-parts.ts';

/**
 * The apiParts machine with its one request: the API's OpenAPI document, fetched
 * plainly (no token, no common handling), since an API without one is expected and
 * must not show anyone a 'Not found'.
 */
export function apiPartsLogic(apiBaseUrl: string, fetchImpl: typeof fetch = fetch) {
  return apiPartsMachine.provide({
    actors: {
      readApiDocument: fromPromise(async ({ signal }) => {
        const response = await fetchImpl(`${apiBaseUrl}${API_DOCUMENT_PATH}`, { headers: { accept: 'application/json' }, signal });
        if (!response.ok) throw new Error(`The API has no document at ${API_DOCUMENT_PATH} (${response.status}): counting on the specification's calls only`);
        return (await response.json()) as unknown;
      }),
    },
    actions: {
      logError: (_, { error }) => console.warn(error),
    },
  });
}
