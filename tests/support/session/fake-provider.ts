import { jwt } from './jwt.ts';

export const ISSUER = 'http://127.0.0.1:4100/realms/crm';
export const CLIENT_ID = 'crm-app';
export const REDIRECT_URI = 'http://127.0.0.1:4000/signin';
export const APP_ORIGIN = 'http://127.0.0.1:4000';

/** Storage kept in a Map, like one tab's sessionStorage. */
export class MapStorage implements Storage {
  readonly entries = new Map<string, string>();
  get length() {
    return this.entries.size;
  }
  clear() {
    this.entries.clear();
  }
  getItem(key: string) {
    return this.entries.get(key) ?? null;
  }
  key(index: number) {
    return [...this.entries.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.entries.delete(key);
  }
  setItem(key: string, value: string) {
    this.entries.set(key, String(value));
  }
}

export interface TokenEndpointAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The provider's side as oauth4webapi sees it through an injected fetch: the
 * discovery document and a token endpoint that answers as the test says. Every
 * request is recorded.
 */
export function fakeProvider(answerToken: (form: URLSearchParams) => TokenEndpointAnswer = () => ({ status: 400, body: { error: 'invalid_grant' } })) {
  const requests: { url: string; form: URLSearchParams | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const form = init?.body instanceof URLSearchParams ? init.body : typeof init?.body === 'string' ? new URLSearchParams(init.body) : undefined;
    requests.push({ url, form });
    if (url === `${ISSUER}/.well-known/openid-configuration`) {
      return json(200, {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
        token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
        end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
        jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url === `${ISSUER}/protocol/openid-connect/token`) {
      const { status, body } = answerToken(form ?? new URLSearchParams());
      return json(status, body);
    }
    return json(404, { error: 'not_found' });
  };
  return { fetch, requests, tokenRequests: () => requests.filter((r) => r.url.endsWith('/token')) };
}

/** A token endpoint answer for a code exchange, with an ID token carrying `nonce`. */
export function tokenAnswer(nonce: string, nowSeconds: number): TokenEndpointAnswer {
  return {
    status: 200,
    body: {
      access_token: jwt({ iss: ISSUER, sub: 'account-1', email: 'admin@demo.test', iat: nowSeconds, exp: nowSeconds + 300 }),
      refresh_token: 'refresh-1',
      id_token: jwt({ iss: ISSUER, aud: CLIENT_ID, sub: 'account-1', nonce, iat: nowSeconds, exp: nowSeconds + 300 }),
      token_type: 'Bearer',
      expires_in: 300,
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
