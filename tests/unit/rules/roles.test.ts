import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  creatableRoles,
  creationRefusal,
  initialNewUserRole,
  ROLE_IDS,
  SUPER_ADMIN,
  updateAccess,
  updateRefusal,
  USER,
  type UserChangeableField,
} from '../../../src/domain/rules/index.ts';

const CHANGEABLE: readonly UserChangeableField[] = ['name', 'email', 'password', 'role_id'];
/** Every subset of the changeable fields. */
const changeSets = Array.from({ length: 1 << CHANGEABLE.length }, (_, bits) => new Set(CHANGEABLE.filter((_, i) => bits & (1 << i))));

describe('Create User (section 6)', () => {
  it('an Admin may only choose User; others Admin or User; the modal opens with role 3', () => {
    expect(creatableRoles(ADMIN)).toEqual([USER]);
    expect(creatableRoles(SUPER_ADMIN)).toEqual([ADMIN, USER]);
    expect(initialNewUserRole(ADMIN)).toBe(3);
    expect(initialNewUserRole(SUPER_ADMIN)).toBe(3);
  });

  it.each(ROLE_IDS.flatMap((caller) => ROLE_IDS.map((role) => [caller, role] as const)))(
    'caller role %i creating role %i: refused exactly when the modal does not offer it',
    (caller, role) => {
      expect(creationRefusal(caller, role) === null).toBe(creatableRoles(caller).includes(role));
    },
  );

  it('a User may not create users at all, and Super Admin is never given', () => {
    expect(creatableRoles(USER)).toEqual([]);
    expect(creationRefusal(USER, USER)).toEqual({ message: 'Only Super Admins and Admins can change users.' });
    expect(creationRefusal(ADMIN, ADMIN)).toEqual({ field: 'role_id', message: 'You can create users with the role User only.' });
  });
});

describe('Update User (section 6)', () => {
  const people = [
    { id: 1, role_id: SUPER_ADMIN },
    { id: 2, role_id: ADMIN },
    { id: 3, role_id: ADMIN },
    { id: 4, role_id: USER },
  ];

  it('an Admin updating a User may choose Admin or User, and the server accepts either', () => {
    const access = updateAccess({ id: 2, role_id: ADMIN }, { id: 4, role_id: USER });
    expect(access.roles).toEqual([ADMIN, USER]);
    expect(access.reason).toBeNull();
    expect(updateRefusal({ id: 2, role_id: ADMIN }, { id: 4, role_id: USER }, { changes: new Set(['role_id']), role_id: ADMIN, endpoint: 'plain' })).toBeNull();
  });

  it("an Admin sees the Super Admin read-only: 'Only a Super Admin can change the Super Admin.'", () => {
    const access = updateAccess({ id: 2, role_id: ADMIN }, { id: 1, role_id: SUPER_ADMIN });
    expect([...access.editable]).toEqual([]);
    expect(access.reason).toBe('Only a Super Admin can change the Super Admin.');
  });

  it("the Super Admin's role selector is disabled, through the admin endpoints", () => {
    const access = updateAccess({ id: 1, role_id: SUPER_ADMIN }, { id: 1, role_id: SUPER_ADMIN });
    expect(access.roles).toEqual([SUPER_ADMIN]);
    expect(access.editable.has('role_id')).toBe(false);
    expect(access.endpoint).toBe('admin');
  });

  // Every caller, every user, every role, every set of changed fields: the server
  // accepts exactly what the modal lets a person submit.
  const cases = people.flatMap((caller) => people.flatMap((subject) => ROLE_IDS.flatMap((role) => changeSets.map((changes) => ({ caller, subject, role, changes })))));

  it(`refuses exactly what the modal does not offer (${cases.length} cases)`, () => {
    for (const { caller, subject, role, changes } of cases) {
      const access = updateAccess(caller, subject);
      const offered =
        access.editable.size > 0 &&
        access.roles.includes(role) &&
        [...changes].every((field) => access.editable.has(field) || (field === 'role_id' && role === subject.role_id));
      const refusal = updateRefusal(caller, subject, { changes, role_id: role, endpoint: access.endpoint });
      expect(refusal === null, JSON.stringify({ caller, subject, role, changes: [...changes], refusal })).toBe(offered);
    }
  });

  it('the other endpoint family is always refused', () => {
    for (const caller of people) {
      for (const subject of people) {
        const access = updateAccess(caller, subject);
        const other = access.endpoint === 'admin' ? 'plain' : 'admin';
        expect(updateRefusal(caller, subject, { changes: new Set(), role_id: subject.role_id, endpoint: other })).not.toBeNull();
      }
    }
  });
});
