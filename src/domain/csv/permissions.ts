import type { RoleId } from '../users/roles.ts';
import { ADMIN, SUPER_ADMIN } from '../users/roles.ts';
import type { ExportKind } from './exports.ts';

/**
 * Who may move data in and out in bulk. Anyone of the tenant may export the lists
 * they can read; changing many rows at once (import, reassign, delete) and reading
 * the user list are for the roles that manage the tenant (section 6: role_id 1 or 2).
 * The screens offer what these allow; the server refuses the rest.
 */
export const BULK_REFUSAL = 'Only Super Admins and Admins may import, reassign or delete rows in bulk.';
export const USER_EXPORT_REFUSAL = 'Only Super Admins and Admins may export the users.';

const manages = (roleId: RoleId) => roleId === SUPER_ADMIN || roleId === ADMIN;

export function mayChangeInBulk(roleId: RoleId): boolean {
  return manages(roleId);
}

export function mayExport(kind: ExportKind, roleId: RoleId): boolean {
  return kind !== 'users' || manages(roleId);
}
