/**
 * Who may manage whom. Pure rules, so the role matrix test can walk every case and
 * the routes only ask.
 *
 * The spec updates "the super admin (user id 1)" through separate admin endpoints. In a
 * database of many tenants each tenant has its own super admin, so the admin endpoints
 * serve "a user whose role_id is 1", and the plain endpoints refuse such a target.
 */
export const SUPER_ADMIN = 1;
export const ADMIN = 2;
export const USER = 3;
export type RoleId = typeof SUPER_ADMIN | typeof ADMIN | typeof USER;

export const roleLabels: Record<RoleId, 'Super Admin' | 'Admin' | 'User'> = {
  1: 'Super Admin',
  2: 'Admin',
  3: 'User',
};

/** Which endpoint family an update came through. */
export type UpdateEndpoint = 'plain' | 'admin';

export interface Actor {
  userId: number;
  roleId: RoleId;
}

export interface Target {
  id: number;
  roleId: RoleId;
}

/** Roles a caller may give when creating or editing: never Super Admin, never above their own. */
export function rolesGrantableBy(callerRole: RoleId): RoleId[] {
  if (callerRole === SUPER_ADMIN) return [ADMIN, USER];
  if (callerRole === ADMIN) return [USER];
  return [];
}

/** Whether the caller may manage users at all (see and edit the user list). */
export function managesUsers(callerRole: RoleId): boolean {
  return rolesGrantableBy(callerRole).length > 0;
}

/** Why the caller may not create a user with `newRole`, or null when they may. */
export function refusalToCreate(callerRole: RoleId, newRole: RoleId): string | null {
  if (!managesUsers(callerRole)) return 'Your role may not manage users';
  if (!rolesGrantableBy(callerRole).includes(newRole)) return `Your role may not create a user with the role ${roleLabels[newRole]}`;
  return null;
}

/** Why the caller may not update `target` to `newRole` through `endpoint`, or null when they may. */
export function refusalToUpdate(caller: Actor, target: Target, newRole: RoleId, endpoint: UpdateEndpoint): string | null {
  if (endpoint === 'admin') {
    if (target.roleId !== SUPER_ADMIN) return 'The admin endpoints update the super admin only';
    if (caller.roleId !== SUPER_ADMIN || caller.userId !== target.id) return 'Only the super admin may update the super admin';
    if (newRole !== SUPER_ADMIN) return "The super admin's role cannot change";
    return null;
  }
  if (!managesUsers(caller.roleId)) return 'Your role may not manage users';
  if (target.roleId === SUPER_ADMIN) return 'The super admin is updated through the admin endpoints';
  if (!rolesGrantableBy(caller.roleId).includes(target.roleId)) return `Your role may not edit a user with the role ${roleLabels[target.roleId]}`;
  if (!rolesGrantableBy(caller.roleId).includes(newRole)) return `Your role may not give the role ${roleLabels[newRole]}`;
  return null;
}
