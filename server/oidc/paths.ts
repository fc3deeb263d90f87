/** Keycloak's endpoint paths under the realm, so the app cannot tell the two apart. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
} as const;

/** Where the provider sends a person to sign in (followed by the interaction's uid). */
export const LOGIN_PATH = '/login-actions';

/** The script that submits the sign-out form when no confirmation is needed. */
export const LOGOUT_SCRIPT_PATH = '/resources/logout.js';

/** The issuer's path, under which everything above is mounted (e.g. /realms/crm). */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/$/, '');
}
