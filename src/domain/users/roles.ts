import type { RoleId } from '../../api/client';

export type { RoleId };

/** Section 6: the roles and their labels. */
export const ROLE_LABELS: Readonly<Record<RoleId, string>> = {
  1: 'Super Admin',
  2: 'Admin',
  3: 'User',
};

export const SUPER_ADMIN: RoleId = 1;
export const ADMIN: RoleId = 2;
export const USER: RoleId = 3;

/** Section 9: the Create User modal opens with this role. */
export const DEFAULT_NEW_USER_ROLE: RoleId = USER;

/**
 * Section 6 calls the super admin "user id 1": the first user of a tenant. With many
 * tenants each has its own, so the super admin is the user whose role is Super
 * Admin, as the reference server reads it too.
 */
export function isSuperAdmin(user: { role_id: number }): boolean {
  return user.role_id === SUPER_ADMIN;
}

export interface RoleOption {
  id: RoleId;
  label: string;
}

const option = (id: RoleId): RoleOption => ({ id, label: ROLE_LABELS[id] });

/** The roles the signed-in user may give a new user: an Admin only User, others Admin or User. */
export function creatableRoles(currentRoleId: number): readonly RoleOption[] {
  return currentRoleId === ADMIN ? [option(USER)] : [option(ADMIN), option(USER)];
}

/** The roles a user can be moved to in Update User; none for a super admin, whose role is fixed. */
export function assignableRoles(editedRoleId: number): readonly RoleOption[] {
  return isSuperAdmin({ role_id: editedRoleId }) ? [] : [option(ADMIN), option(USER)];
}
