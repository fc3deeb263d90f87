/**
 * Signs in through the embedded provider the way the app does, with plain fetch:
 * the authorization request with PKCE, the provider's login form, its redirects,
 * then the code exchanged at the token endpoint. The benchmarks call the API with
 * the access token this gives, as the app would.
 */
import { createHash, randomBytes } from 'node:crypto';

export const CLIENT_ID = 'crm-app';

export interface SignedIn {
  accessToken: string;
  refreshToken: string | undefined;
}

/** What the sign-in's requests go through: `fetch`, or the load bench's timed fetch. */
export type Fetcher = typeof fetch;

export async function signInForAccessToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await signIn(baseUrl, email, password)).accessToken;
}

/** The provider's token endpoint under `baseUrl`. */
export const tokenEndpoint = (baseUrl: string) => `${baseUrl}/realms/crm/protocol/openid-connect/token`;

export async function signIn(baseUrl: string, email: string, password: string, fetcher: Fetcher = fetch): Promise<SignedIn> {
  const issuer = `${baseUrl}/realms/crm`;
  const redirectUri = `${baseUrl}/signin`;
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const browser = new CookieBrowser(baseUrl, fetcher);

  const authorization = new URL(`${issuer}/protocol/openid-connect/auth`);
  authorization.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const toLogin = await browser.expectRedirect(await browser.send(authorization.href));
  const loginPage = await browser.send(toLogin);
  const action = /<form[^>]*action="([^"]+)"/.exec(await loginPage.text())?.[1]?.replace(/&#38;/g, '&');
  if (!action) throw new Error(`No login form at ${toLogin}`);
  const resume = await browser.expectRedirect(
    await browser.send(new URL(action, baseUrl).href, { email, password }),
    `Sign-in refused for ${email}`,
  );
  // The provider may bounce through more than one of its own addresses before the app's.
  let next = resume;
  while (!next.startsWith(redirectUri)) next = await browser.expectRedirect(await browser.send(next));
  const code = new URL(next).searchParams.get('code');
  if (!code) throw new Error(`No code in ${next}`);

  const token = await fetcher(tokenEndpoint(baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  if (!token.ok) throw new Error(`Token exchange failed (${token.status}): ${await token.text()}`);
  const tokens = (await token.json()) as { access_token: string; refresh_token?: string };
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** Just enough of a browser: cookies by path, and redirects followed by the caller. */
class CookieBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: Fetcher,
  ) {}

  async send(url: string, form?: Record<string, string>): Promise<Response> {
    const { pathname } = new URL(url);
    const response = await this.fetcher(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) this.remember(line);
    return response;
  }

  async expectRedirect(response: Response, refusal = 'Expected a redirect'): Promise<string> {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${refusal} (${response.status}): ${(await response.text()).slice(0, 500)}`);
    }
    return new URL(location, this.baseUrl).href;
  }

  private remember(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const [name, ...value] = pair!.split('=');
    const path = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() <= Date.now());
    const key = `${name!.trim()};${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { value: value.join('='), path });
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  }
}
