import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { measureClockSkew, needsRefresh, readClaims } from '../../../../src/domain/session/tokens.ts';
import { jwt } from '../../../support/session/jwt.ts';

const CLIENT_ID = 'crm-app';

/**
 * The obviously correct rule, in whole milliseconds: refresh when what is left
 * of the token, in the provider's clock, is under the minimum validity.
 */
function refreshDueReference(expSeconds: number, skewSeconds: number, minValiditySeconds: number, nowMs: number): boolean {
  const leftMs = expSeconds * 1000 - (nowMs + skewSeconds * 1000);
  return leftMs < minValiditySeconds * 1000;
}

const nowMs = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') });
/** Clocks off by up to a day either way. */
const skewSeconds = fc.integer({ min: -86_400, max: 86_400 });
const minValiditySeconds = fc.integer({ min: 0, max: 3600 });

describe('needsRefresh', () => {
  test.prop([nowMs, skewSeconds, minValiditySeconds, fc.integer({ min: -10_000, max: 10_000 })])(
    'is true exactly when exp − (now + skew) < minimum validity, for any skew (exp near the boundary)',
    (now, skew, minValidity, offset) => {
      // exp placed within ±10 000 s of the moment the refresh becomes due, so the boundary is hit often.
      const exp = Math.floor(now / 1000) + skew + minValidity + offset;
      expect(needsRefresh({ expiresAt: exp }, skew, minValidity, now)).toBe(refreshDueReference(exp, skew, minValidity, now));
    },
  );

  test.prop([nowMs, skewSeconds, minValiditySeconds, fc.integer({ min: 0, max: 4_102_444_800 })])(
    'is true exactly when exp − (now + skew) < minimum validity, for any exp',
    (now, skew, minValidity, exp) => {
      expect(needsRefresh({ expiresAt: exp }, skew, minValidity, now)).toBe(refreshDueReference(exp, skew, minValidity, now));
    },
  );

  test.prop([
    nowMs.map((ms) => ms - (ms % 1000)),
    skewSeconds,
    fc.integer({ min: 1, max: 3600 }),
    minValiditySeconds,
    fc.integer({ min: 0, max: 7_200_000 }),
  ])(
    'with the skew measured on arrival, a token of lifetime L is due after L − minimum validity of local time, whatever the skew',
    (receivedAtMs, skew, lifetime, minValidity, elapsedMs) => {
      const iat = receivedAtMs / 1000 + skew;
      const measured = measureClockSkew({ issuedAt: iat }, receivedAtMs);
      expect(measured).toBe(skew);
      const due = needsRefresh({ expiresAt: iat + lifetime }, measured, minValidity, receivedAtMs + elapsedMs);
      expect(due).toBe(lifetime * 1000 - elapsedMs < minValidity * 1000);
    },
  );

  test('the spec’s examples: 5 s minimum validity', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const exp = now / 1000 + 5;
    expect(needsRefresh({ expiresAt: exp }, 0, 5, now)).toBe(false);
    expect(needsRefresh({ expiresAt: exp }, 0, 5, now + 1)).toBe(true);
    // The provider runs 2 s ahead: 3 s are left in its clock.
    expect(needsRefresh({ expiresAt: exp }, 2, 5, now)).toBe(true);
    expect(needsRefresh({ expiresAt: exp }, -2, 5, now + 1999)).toBe(false);
  });
});

describe('measureClockSkew', () => {
  test.prop([nowMs, fc.integer({ min: 1, max: 4_102_444_800 })])('is the provider iat minus local now, rounded to the second', (now, iat) => {
    expect(measureClockSkew({ issuedAt: iat }, now)).toBe(Math.round(iat - now / 1000));
  });

  test('a token without iat gives no skew', () => {
    expect(measureClockSkew({ issuedAt: 0 }, Date.now())).toBe(0);
  });
});

/** Keycloak's access-token payload, with the parts the app reads sometimes missing or malformed. */
const keycloakPayload = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constant(''), fc.integer()),
    sub: fc.oneof(fc.uuid(), fc.integer()),
    sid: fc.oneof(fc.uuid(), fc.constant(null)),
    iat: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800 }), fc.constant('soon')),
    exp: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800 }), fc.constant(null)),
    ownRoles: fc.array(fc.oneof(fc.constantFrom('crm-access', 'uma_protection', 'offline_access'), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.integer())),
    otherClientRoles: fc.array(fc.constantFrom('crm-access', 'manage-account')),
    realmRoles: fc.array(fc.constantFrom('crm-access', 'default-roles-crm')),
    name: fc.string({ unit: 'grapheme', maxLength: 30 }),
  },
  { requiredKeys: ['otherClientRoles', 'realmRoles'] },
);

describe('readClaims', () => {
  test.prop([keycloakPayload])('reads email, client roles, sub, sid, iat and exp from Keycloak-shaped payloads', (claims) => {
    const payload = {
      iss: 'http://127.0.0.1/realms/crm',
      typ: 'Bearer',
      azp: CLIENT_ID,
      ...('email' in claims ? { email: claims.email } : {}),
      ...('sub' in claims ? { sub: claims.sub } : {}),
      ...('sid' in claims ? { sid: claims.sid } : {}),
      ...('iat' in claims ? { iat: claims.iat } : {}),
      ...('exp' in claims ? { exp: claims.exp } : {}),
      ...('name' in claims ? { name: claims.name } : {}),
      realm_access: { roles: claims.realmRoles },
      resource_access: {
        ...('ownRoles' in claims ? { [CLIENT_ID]: { roles: claims.ownRoles } } : {}),
        account: { roles: claims.otherClientRoles },
      },
    };
    const read = readClaims(jwt(payload), CLIENT_ID);
    expect(read).toEqual({
      email: typeof claims.email === 'string' && claims.email !== '' ? claims.email : undefined,
      clientRoles: (claims.ownRoles ?? []).filter((role) => typeof role === 'string'),
      subject: typeof claims.sub === 'string' ? claims.sub : undefined,
      sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
      issuedAt: typeof claims.iat === 'number' ? claims.iat : 0,
      expiresAt: typeof claims.exp === 'number' ? claims.exp : 0,
    });
  });

  test('only the roles of this client count, not realm roles or another client’s', () => {
    const token = jwt({
      email: 'ada@demo.test',
      realm_access: { roles: ['crm-access'] },
      resource_access: { account: { roles: ['crm-access'] } },
    });
    expect(readClaims(token, CLIENT_ID).clientRoles).toEqual([]);
  });

  test.prop([fc.oneof(fc.string(), fc.constantFrom('', 'a.b.c', 'x.!!!.y', 'eyJ.eyJ.sig', `h.${Buffer.from('[1,2]').toString('base64url')}.s`))])(
    'malformed tokens read as no claims, without throwing',
    (token) => {
      const read = readClaims(token, CLIENT_ID);
      expect(read.email === undefined || typeof read.email === 'string').toBe(true);
      expect(Array.isArray(read.clientRoles)).toBe(true);
      expect(Number.isFinite(read.issuedAt) && Number.isFinite(read.expiresAt)).toBe(true);
    },
  );

  test('a payload that is not an object reads as empty claims', () => {
    expect(readClaims(`h.${Buffer.from('[1,2]').toString('base64url')}.s`, CLIENT_ID)).toEqual({
      email: undefined,
      clientRoles: [],
      subject: undefined,
      sessionId: undefined,
      issuedAt: 0,
      expiresAt: 0,
    });
  });
});
