import { createHash, randomBytes } from 'node:crypto';

/** The tokens a code exchange answers with. */
export interface TokenAnswer {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in?: number;
  token_type: string;
  scope?: string;
  session_state?: string;
}

export interface PasswordSignIn {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** The browser's cookies at the provider, kept across calls (a second sign-in in the same browser). */
  cookies?: CookieJar;
}

/**
 * Cookies by name, for one provider origin: enough for a login form and its
 * session cookies, whose paths all lie under the realm.
 */
export class CookieJar {
  private readonly values = new Map<string, string>();

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=thu, 01[ -]jan[ -]1970/i.test(attribute));
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }
}

/**
 * The code flow with PKCE S256 as a browser goes through it, without a browser: the
 * authorization request, the provider's login form filled in and sent, the code
 * exchanged at the token endpoint. For Keycloak's form (fields `username` and
 * `password`) and the embedded provider's (`email` and `password`) alike.
 */
export async function signInWithPassword(request: PasswordSignIn): Promise<TokenAnswer> {
  const cookies = request.cookies ?? new CookieJar();
  const verifier = randomBytes(72).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const authorization = new URL(`${request.issuer}/protocol/openid-connect/auth`);
  authorization.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  let response = await follow(authorization.href, cookies, request.redirectUri);
  if (!response.url.startsWith(request.redirectUri)) {
    const page = await response.text();
    const action = formAction(page, response.url);
    const fields: Record<string, string> = page.includes('name="username"') ? { username: request.email } : { email: request.email };
    response = await follow(action, cookies, request.redirectUri, new URLSearchParams({ ...fields, password: request.password }));
  }
  const callback = new URL(response.url);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`The sign-in of ${request.email} ended at ${response.url}`);
  return exchangeCode(request, code, verifier);
}

async function exchangeCode(request: PasswordSignIn, code: string, verifier: string): Promise<TokenAnswer> {
  const answer = await tokenRequest(request.issuer, {
    client_id: request.clientId,
    grant_type: 'authorization_code',
    code,
    redirect_uri: request.redirectUri,
    code_verifier: verifier,
  });
  if (answer.status !== 200) throw new Error(`The code exchange answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as TokenAnswer;
}

/** A form post to the realm's token endpoint, as a public client makes it. */
export async function tokenRequest(issuer: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Follows redirects by hand (keeping cookies) until a page answers or the browser
 * would leave for the app's redirect URI, which answers with a response whose `url` is that address.
 */
async function follow(url: string, cookies: CookieJar, stopAt: string, form?: URLSearchParams): Promise<Response> {
  let next = url;
  let body = form;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(stopAt)) return fakeArrival(next);
    const response = await fetch(next, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookies.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    cookies.take(response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return Object.defineProperty(response, 'url', { value: next });
    next = new URL(location, next).href;
    body = undefined;
  }
  throw new Error(`Too many redirects from ${url}`);
}

/** Where the browser arrives back at the app: only its address matters. */
function fakeArrival(url: string): Response {
  return Object.defineProperty(new Response(''), 'url', { value: url });
}

/** The action of the page's first form, made absolute. */
export function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`No form on the page at ${pageUrl}:\n${html.slice(0, 2000)}`);
  return new URL(match[1]!.replace(/&amp;/g, '&').replace(/&#38;/g, '&'), pageUrl).href;
}

/** The claims of a JWT, unverified: for tests that compare what tokens say. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The protected header of a JWT. */
export function headerOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
