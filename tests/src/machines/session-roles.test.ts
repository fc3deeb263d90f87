import { describe, expect, test } from 'vitest';
import { isManager, isTenantSuperAdmin } from '../../../src/machines/session.ts';

// The screens read the person's role from the session machine only, through these two.
const signedInAs = (role_id: number | null) =>
  ({ context: { profile: role_id === null ? null : { role_id } } }) as unknown as Parameters<typeof isManager>[0];

describe('the role the session machine says the person has', () => {
  test('Super Admins and Admins manage users; Users and nobody do not', () => {
    expect([1, 2, 3, null].map((role) => isManager(signedInAs(role)))).toEqual([true, true, false, false]);
  });

  test("only the Super Admin holds the tenant's settings", () => {
    expect([1, 2, 3, null].map((role) => isTenantSuperAdmin(signedInAs(role)))).toEqual([true, false, false, false]);
  });
});
