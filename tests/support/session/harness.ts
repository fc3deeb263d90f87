import { createActor, fromPromise } from 'xstate';
import type { Profile } from '../../../src/domain/session/profile.ts';
import type { TokenSet } from '../../../src/domain/session/tokens.ts';
import { sessionMachine, type InitialTokens, type SessionSettings } from '../../../src/machines/session.ts';
import { CLIENT_ID, accessToken, type AccessClaims } from './jwt.ts';

export const SETTINGS: SessionSettings = {
  clientId: CLIENT_ID,
  minValiditySeconds: 5,
  pollIntervalMs: 5000,
  logoutNoticeMs: 3000,
};

export const PROFILE: Profile = {
  id: 4,
  name: 'Ada Admin',
  email: 'admin@demo.test',
  password: '$argon2id$hash',
  tenant_id: 1,
  role_id: 2,
};

export type FreshTokens = Omit<TokenSet, 'clockSkewSeconds'>;

/** Tokens as the provider hands them out, with `claims` relative to the current (fake) clock. */
export function tokensFor(
  claims: Partial<AccessClaims> & { lifetimeSeconds?: number; providerAheadSeconds?: number } = {},
  ids: { refreshToken?: string; idToken?: string } = {},
): FreshTokens {
  const { lifetimeSeconds = 300, providerAheadSeconds = 0, ...rest } = claims;
  const iat = Math.floor(Date.now() / 1000) + providerAheadSeconds;
  return {
    accessToken: accessToken({ email: 'admin@demo.test', iat, exp: iat + lifetimeSeconds, ...rest }),
    refreshToken: ids.refreshToken ?? 'refresh-1',
    idToken: ids.idToken ?? 'id-token-1',
  };
}

/** One effect the machine asked for, with its parameters, in the order asked. */
export type Effect =
  | { type: 'persistTokens'; tokens: TokenSet }
  | { type: 'clearTokens' }
  | { type: 'storeProfile'; profile: Profile }
  | { type: 'clearStoredUserId' }
  | { type: 'redirectToProviderLogout'; idToken: string | undefined }
  | { type: 'showError'; message: string }
  | { type: 'logError'; error: unknown }
  | { type: 'startLogin' }
  | { type: 'lookupTenant'; email: string }
  | { type: 'loadProfile'; email: string }
  | { type: 'refreshTokens'; refreshToken: string | undefined; idToken: string | undefined };

export interface Scenario {
  /** What start-up finds: tokens, nothing, or a failure. */
  initialise?: () => Promise<InitialTokens>;
  lookupTenant?: (email: string) => Promise<{ subscriptionExpired: boolean }>;
  loadProfile?: (email: string) => Promise<Profile>;
  /** Answers each refresh in turn. */
  refreshTokens?: () => Promise<FreshTokens>;
  startLogin?: () => Promise<void>;
  settings?: Partial<SessionSettings>;
}

/** The page leaves for the provider: the promise never settles. */
const leaves = () => new Promise<void>(() => {});

/**
 * The session machine with every actor and effect injected: actors answer as the
 * scenario says, and every effect and actor call lands in `effects`, in order.
 */
export function startSession(scenario: Scenario = {}) {
  const effects: Effect[] = [];
  const machine = sessionMachine.provide({
    actors: {
      initialise: fromPromise(() => (scenario.initialise ?? (async () => ({ tokens: null })))()),
      startLogin: fromPromise(() => {
        effects.push({ type: 'startLogin' });
        return (scenario.startLogin ?? leaves)();
      }),
      lookupTenant: fromPromise(({ input }: { input: { email: string } }) => {
        effects.push({ type: 'lookupTenant', email: input.email });
        return (scenario.lookupTenant ?? (async () => ({ subscriptionExpired: false })))(input.email);
      }),
      loadProfile: fromPromise(({ input }: { input: { email: string } }) => {
        effects.push({ type: 'loadProfile', email: input.email });
        return (scenario.loadProfile ?? (async () => PROFILE))(input.email);
      }),
      refreshTokens: fromPromise(({ input }: { input: { refreshToken: string | undefined; idToken: string | undefined } }) => {
        effects.push({ type: 'refreshTokens', ...input });
        return (scenario.refreshTokens ?? (async () => tokensFor()))();
      }),
    },
    actions: {
      persistTokens: (_, { tokens }) => effects.push({ type: 'persistTokens', tokens }),
      clearTokens: () => effects.push({ type: 'clearTokens' }),
      storeProfile: (_, { profile }) => effects.push({ type: 'storeProfile', profile }),
      clearStoredUserId: () => effects.push({ type: 'clearStoredUserId' }),
      redirectToProviderLogout: (_, { idToken }) => effects.push({ type: 'redirectToProviderLogout', idToken }),
      showError: (_, { message }) => effects.push({ type: 'showError', message }),
      logError: (_, { error }) => effects.push({ type: 'logError', error }),
    },
  });
  const session = createActor(machine, { input: { settings: { ...SETTINGS, ...scenario.settings } } }).start();
  return {
    session,
    effects,
    /** Effect types only, to check order. */
    effectTypes: () => effects.map((effect) => effect.type),
    /** Forgets what happened so far, to look at what comes next. */
    clearEffects: () => effects.splice(0),
  };
}

/** Start-up finds these tokens, as after a completed callback. */
export const returningWith = (tokens: FreshTokens | TokenSet) => async (): Promise<InitialTokens> => ({ tokens });
