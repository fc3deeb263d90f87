/** Keycloak's endpoint paths under the realm, so the app cannot tell the two apart. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
  account: '/account',
} as const;

/** The pages keycloak-js frames, at Keycloak's paths, and the scripts they load. */
export const SESSION_STATUS_PATHS = {
  loginStatusIframe: '/protocol/openid-connect/login-status-iframe.html',
  thirdPartyCookiesStep1: '/protocol/openid-connect/3p-cookies/step1.html',
  thirdPartyCookiesStep2: '/protocol/openid-connect/3p-cookies/step2.html',
  loginStatusScript: '/resources/login-status-iframe.js',
  thirdPartyCookiesStep1Script: '/resources/3p-cookies-step1.js',
  thirdPartyCookiesStep2Script: '/resources/3p-cookies-step2.js',
} as const;

/** Where the provider sends a person to sign in (followed by the interaction's uid). */
export const LOGIN_PATH = '/login-actions';

/** The issuer's path, under which everything above is mounted (e.g. /realms/crm). */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/$/, '');
}
