import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { identityClaims, type ProviderAccount } from './accounts.ts';
import type { AppClient } from './client.ts';

/**
 * What a Keycloak 26 realm puts in the tokens of a signed-in person for a public
 * client with the default client scopes (profile, email, roles, web-origins, acr,
 * basic) and an audience mapper: the one place that shape is written down.
 */
export interface RealmFacts {
  client: AppClient;
  /** The realm's name: its default role is `default-roles-<realm>`. */
  realm: string;
}

/** Keycloak's access-token claims beyond the registered ones (iss, sub, aud, exp, iat, jti, scope). */
export function accessTokenClaims(account: ProviderAccount, signIn: SignIn, { client, realm }: RealmFacts) {
  const { sub: _sub, ...identity } = identityClaims(account);
  return {
    typ: 'Bearer',
    azp: client.clientId,
    sid: signIn.sessionUid,
    auth_time: signIn.authTime,
    acr: signIn.acr,
    'allowed-origins': client.webOrigins,
    realm_access: { roles: [`default-roles-${realm}`] },
    // Keycloak leaves out a client with no roles for the person.
    ...(account.clientRoles.length > 0 ? { resource_access: { [client.clientId]: { roles: account.clientRoles } } } : {}),
    ...identity,
  };
}

/** The sign-in a token descends from: its session, when the password was given, how. */
type SignIn = ReturnType<typeof signInOf>;

/**
 * The sign-in behind the token being issued: the code being exchanged, or the
 * refresh token being used (the old one when it rotates; both carry the same).
 */
export function signInOf(ctx: KoaContextWithOIDC | undefined) {
  const entities = ctx?.oidc.entities;
  const origin = (entities?.AuthorizationCode ?? entities?.RotatedRefreshToken ?? entities?.RefreshToken) as
    | { sessionUid?: string; authTime?: number; acr?: string }
    | undefined;
  return { sessionUid: origin?.sessionUid, authTime: origin?.authTime, acr: origin?.acr };
}

/** Gives every ID token the provider issues Keycloak's claims beyond the person's (from their scopes) and the registered ones. */
export function issueKeycloakIdTokens(provider: Provider, facts: RealmFacts): void {
  const IdToken = provider.IdToken as unknown as {
    prototype: { ctx?: KoaContextWithOIDC; set(key: string, value: unknown): void; issue(options?: { use?: string }): Promise<string> };
  };
  const issue = IdToken.prototype.issue;
  IdToken.prototype.issue = function withKeycloakClaims(options) {
    if (options?.use === 'idtoken') {
      const { sessionUid, acr } = signInOf(this.ctx);
      for (const [claim, value] of Object.entries({ typ: 'ID', azp: facts.client.clientId, sid: sessionUid, acr })) this.set(claim, value);
    }
    return issue.call(this, options);
  };
}
