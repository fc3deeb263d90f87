import type { ServerConfig } from '../config.ts';

/** The CRM app as the embedded provider registers it: a public client doing the code flow with PKCE. */
export interface AppClient {
  clientId: string;
  redirectUris: string[];
  /** Keycloak's "Valid post logout redirect URIs" set to "+": the redirect URIs, with or without their last slash. */
  postLogoutRedirectUris: string[];
  /**
   * Keycloak's "Web origins" set to "+": the origins of the redirect URIs. They get
   * CORS answers, appear in `allowed-origins`, and may frame the session-status pages.
   */
  webOrigins: string[];
}

export function appClient(config: ServerConfig): AppClient {
  const { clientId, redirectUris } = config.oidc;
  const webOrigins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
  return {
    clientId,
    redirectUris,
    postLogoutRedirectUris: [...new Set(redirectUris.flatMap((uri) => [uri, uri.replace(/\/$/, '')]))],
    webOrigins,
  };
}
