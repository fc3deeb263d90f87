/**
 * Section 6's role rules, once, for the screens and the server alike: who may
 * manage users, which roles a caller may give when creating and when updating,
 * and what of a user a caller may change. The Update User modal offers exactly
 * what `updateAccess` allows and the server refuses exactly what it does not
 * (`updateRefusal`), so nothing the modal lets a person submit is refused for a
 * role reason.
 */
import type { RoleId } from '../../api/client';

export type { RoleId };

export const SUPER_ADMIN = 1 satisfies RoleId;
export const ADMIN = 2 satisfies RoleId;
export const USER = 3 satisfies RoleId;
export const ROLE_IDS: readonly RoleId[] = [SUPER_ADMIN, ADMIN, USER];

/** Section 6: the roles and their labels. */
export const ROLE_LABELS: Readonly<Record<RoleId, 'Super Admin' | 'Admin' | 'User'>> = {
  1: 'Super Admin',
  2: 'Admin',
  3: 'User',
};

/** Section 9: the Create User modal opens with this role. */
export const DEFAULT_NEW_USER_ROLE: RoleId = USER;

export function isRoleId(value: unknown): value is RoleId {
  return value === SUPER_ADMIN || value === ADMIN || value === USER;
}

/**
 * Section 6 calls the super admin "user id 1": the first user of a tenant. With many
 * tenants each has its own, so the super admin is the user whose role is Super Admin.
 */
export function isSuperAdmin(user: { role_id: number }): boolean {
  return user.role_id === SUPER_ADMIN;
}

/** /user and /edit-Salesperson/:id are for Super Admins and Admins only. */
export function canManageUsers(roleId: number): boolean {
  return roleId === SUPER_ADMIN || roleId === ADMIN;
}

export const ROLE_REASONS = {
  notManager: 'Only Super Admins and Admins can change users.',
  superAdminOnly: 'Only a Super Admin can change the Super Admin.',
  superAdminRoleFixed: "The Super Admin's role cannot change.",
  adminEndpointsForSuperAdmin: 'The Super Admin is changed through the admin endpoints.',
  adminEndpointsOnlySuperAdmin: 'The admin endpoints change the Super Admin only.',
  peerAdminCredentials: "Only the Super Admin can change another Admin's e-mail or password.",
} as const;

/**
 * The roles the caller may give a new user (section 6): an Admin only User,
 * a Super Admin Admin or User, anyone else none. Super Admin is never given.
 */
export function creatableRoles(callerRoleId: number): readonly RoleId[] {
  if (callerRoleId === ADMIN) return [USER];
  if (callerRoleId === SUPER_ADMIN) return [ADMIN, USER];
  return [];
}

/** The role Create User opens with: the spec's default 3 whenever the caller may give it. */
export function initialNewUserRole(callerRoleId: number): RoleId | null {
  const roles = creatableRoles(callerRoleId);
  return roles.includes(DEFAULT_NEW_USER_ROLE) ? DEFAULT_NEW_USER_ROLE : (roles[0] ?? null);
}

/** Why the caller may not create a user with this role, or null when they may; `field` says where to show it. */
export function creationRefusal(callerRoleId: number, roleId: number): { field?: 'role_id'; message: string } | null {
  if (!canManageUsers(callerRoleId)) return { message: ROLE_REASONS.notManager };
  if (creatableRoles(callerRoleId).includes(roleId as RoleId)) return null;
  const allowed = creatableRoles(callerRoleId).map((role) => ROLE_LABELS[role]);
  return { field: 'role_id', message: `You can create users with the role ${allowed.join(' or ')} only.` };
}

export interface Caller {
  id: number;
  role_id: number;
}

export interface Subject {
  id: number;
  role_id: number;
}

/** The fields of Update User a caller may or may not change. */
export type UserChangeableField = 'name' | 'email' | 'password' | 'role_id';

/** Which family of section 7's PUT endpoints a user is updated through. */
export type UpdateEndpoint = 'plain' | 'admin';

/** What the caller may do with one user in Update User, decided before anything is typed. */
export interface UpdateAccess {
  /** The fields the caller may change; the others are shown read-only. */
  editable: ReadonlySet<UserChangeableField>;
  /** The roles the role selector offers; the user's own role alone when it cannot change. */
  roles: readonly RoleId[];
  /** One line saying why something is read-only, or null when everything may change. */
  reason: string | null;
  endpoint: UpdateEndpoint;
}

const EVERY_FIELD: ReadonlySet<UserChangeableField> = new Set(['name', 'email', 'password', 'role_id']);
const NO_FIELD: ReadonlySet<UserChangeableField> = new Set();
const ALL_BUT_ROLE: ReadonlySet<UserChangeableField> = new Set(['name', 'email', 'password']);
const NAME_AND_ROLE: ReadonlySet<UserChangeableField> = new Set(['name', 'role_id']);

/**
 * Section 6's Update modal: a super admin's role selector is disabled; otherwise
 * Admin or User can be chosen. The super admin is changed through the admin
 * endpoints, by a Super Admin only: an Admin sees that record read-only. An Admin
 * may give another Admin a role but not a new e-mail or password, with which they
 * could sign in as that peer and act in their name; the Super Admin may.
 */
export function updateAccess(caller: Caller, subject: Subject): UpdateAccess {
  const own = isRoleId(subject.role_id) ? [subject.role_id] : [];
  if (isSuperAdmin(subject)) {
    if (caller.role_id !== SUPER_ADMIN) {
      return { editable: NO_FIELD, roles: own, reason: ROLE_REASONS.superAdminOnly, endpoint: 'admin' };
    }
    return { editable: ALL_BUT_ROLE, roles: own, reason: ROLE_REASONS.superAdminRoleFixed, endpoint: 'admin' };
  }
  if (!canManageUsers(caller.role_id)) {
    return { editable: NO_FIELD, roles: own, reason: ROLE_REASONS.notManager, endpoint: 'plain' };
  }
  if (caller.role_id === ADMIN && subject.role_id === ADMIN && subject.id !== caller.id) {
    return { editable: NAME_AND_ROLE, roles: [ADMIN, USER], reason: ROLE_REASONS.peerAdminCredentials, endpoint: 'plain' };
  }
  return { editable: EVERY_FIELD, roles: [ADMIN, USER], reason: null, endpoint: 'plain' };
}

/** What an update asks for, as the server reads it from the request. */
export interface RequestedChange {
  /** Which of the fields differ from the stored user (a typed new password counts as a change). */
  changes: ReadonlySet<UserChangeableField>;
  role_id: number;
  endpoint: UpdateEndpoint;
}

/**
 * Why the server refuses this update for a role reason, or null when the caller
 * may make it. Exactly what `updateAccess` shows as not allowed is refused.
 */
export function updateRefusal(caller: Caller, subject: Subject, change: RequestedChange): { field?: UserChangeableField; message: string } | null {
  const access = updateAccess(caller, subject);
  if (change.endpoint !== access.endpoint) {
    return {
      message: access.endpoint === 'admin' ? ROLE_REASONS.adminEndpointsForSuperAdmin : ROLE_REASONS.adminEndpointsOnlySuperAdmin,
    };
  }
  if (access.editable.size === 0) return { message: access.reason ?? ROLE_REASONS.notManager };
  if (!access.roles.includes(change.role_id as RoleId)) {
    const message = access.editable.has('role_id')
      ? `You can give the role ${access.roles.map((role) => ROLE_LABELS[role]).join(' or ')} only.`
      : (access.reason ?? ROLE_REASONS.superAdminRoleFixed);
    return { field: 'role_id', message };
  }
  for (const field of change.changes) {
    if (field !== 'role_id' && !access.editable.has(field)) return { field, message: access.reason ?? ROLE_REASONS.notManager };
  }
  return null;
}
