import { readFileSync } from 'node:fs';
import { KEYCLOAK_ADMIN } from './keycloak-server.ts';

/** A user as Keycloak's admin API shows one (the fields the tests read). */
export interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
}

export interface NewUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The crm-app client roles; crm-access unless given. */
  clientRoles?: string[];
}

/**
 * Keycloak's admin REST API, as an administrator's scripts (and the admin console)
 * use it: signed in to the master realm's admin-cli with the bootstrap admin.
 */
export class KeycloakAdmin {
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly origin: string,
    readonly realm = 'crm',
    readonly clientId = 'crm-app',
  ) {}

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.origin}/admin/realms/${this.realm}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.accessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A realm made from a representation (as the admin console's "Create realm" with a file does); answers its admin. */
  async createRealm(representation: Record<string, unknown> & { realm: string }): Promise<KeycloakAdmin> {
    const response = await fetch(`${this.origin}/admin/realms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(representation),
    });
    if (!response.ok) throw new Error(`Creating realm ${representation.realm} answered ${response.status}: ${await response.text()}`);
    return new KeycloakAdmin(this.origin, representation.realm, this.clientId);
  }

  /** A client made from a representation; answers its id. */
  async createClient(representation: Record<string, unknown> & { clientId: string }): Promise<void> {
    await this.request('POST', '/clients', representation);
  }

  /** Adds a partial import file (the demo users) to the realm, leaving what exists alone. */
  partialImport(file: string): Promise<{ added: number; skipped: number }> {
    return this.request('POST', '/partialImport', JSON.parse(readFileSync(file, 'utf8')));
  }

  /** The app's client as the realm holds it. */
  async client(): Promise<Record<string, unknown> & { id: string; redirectUris: string[]; attributes: Record<string, string> }> {
    const [found] = await this.request<{ id: string; redirectUris: string[]; attributes: Record<string, string> }[]>(
      'GET',
      `/clients?clientId=${encodeURIComponent(this.clientId)}`,
    );
    if (!found) throw new Error(`No client ${this.clientId} in realm ${this.realm}`);
    return found as never;
  }

  /**
   * What an administrator does for each address the app is served from: its /signin
   * (and any more paths) become valid redirect URIs, and the origin (and those
   * addresses) valid post-logout redirect URIs, which Keycloak matches exactly. Web
   * origins `+` follow the redirect URIs.
   */
  async allowAppOrigin(origin: string, paths = ['/signin']): Promise<void> {
    const client = await this.client();
    const postLogout = (client.attributes['post.logout.redirect.uris'] ?? '').split('##').filter(Boolean);
    await this.request('PUT', `/clients/${client.id}`, {
      ...client,
      redirectUris: [...new Set([...client.redirectUris, ...paths.map((path) => `${origin}${path}`)])],
      attributes: { ...client.attributes, 'post.logout.redirect.uris': [...new Set([...postLogout, origin, ...paths.map((path) => `${origin}${path}`)])].join('##') },
    });
  }

  /** Sets attributes of the app's client (e.g. its own access-token lifespan); answers the ones it replaced. */
  async setClientAttributes(attributes: Record<string, string>): Promise<Record<string, string>> {
    const client = await this.client();
    await this.request('PUT', `/clients/${client.id}`, { ...client, attributes: { ...client.attributes, ...attributes } });
    return Object.fromEntries(Object.keys(attributes).map((name) => [name, client.attributes[name] ?? '']));
  }

  async userByEmail(email: string): Promise<KeycloakUser> {
    const [user] = await this.request<KeycloakUser[]>('GET', `/users?email=${encodeURIComponent(email)}&exact=true`);
    if (!user) throw new Error(`No user with e-mail ${email} in realm ${this.realm}`);
    return user;
  }

  /** A person created in the realm, with a password and (by default) the crm-access role. */
  async createUser({ email, password, firstName = 'Test', lastName = 'Person', clientRoles = ['crm-access'] }: NewUser): Promise<KeycloakUser> {
    await this.request('POST', '/users', {
      username: email,
      email,
      emailVerified: true,
      enabled: true,
      firstName,
      lastName,
      credentials: [{ type: 'password', value: password, temporary: false }],
    });
    const user = await this.userByEmail(email);
    if (clientRoles.length > 0) {
      const client = await this.client();
      const roles = await Promise.all(clientRoles.map((name) => this.request(`GET`, `/clients/${client.id}/roles/${encodeURIComponent(name)}`)));
      await this.request('POST', `/users/${user.id}/role-mappings/clients/${client.id}`, roles);
    }
    return user;
  }

  async updateUser(id: string, changes: Partial<KeycloakUser>): Promise<void> {
    const current = await this.request<KeycloakUser>('GET', `/users/${id}`);
    await this.request('PUT', `/users/${id}`, { ...current, ...changes });
  }

  /** The person's sign-in sessions (each one's id is the tokens' `sid`). */
  sessionsOf(userId: string): Promise<{ id: string }[]> {
    return this.request('GET', `/users/${userId}/sessions`);
  }

  /** Ends one sign-in session, as the admin console's Sessions tab does with "Sign out". */
  endSession(sessionId: string): Promise<void> {
    return this.request('DELETE', `/sessions/${sessionId}`);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const response = await fetch(`${this.origin}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', ...KEYCLOAK_ADMIN }),
    });
    if (!response.ok) throw new Error(`The admin sign-in answered ${response.status}: ${await response.text()}`);
    const { access_token, expires_in } = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value: access_token, until: Date.now() + (expires_in - 10) * 1000 };
    return access_token;
  }
}
