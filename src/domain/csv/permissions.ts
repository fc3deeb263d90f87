import { canManageUsers } from '../rules/roles.ts';
import type { ExportKind } from './exports.ts';

/**
 * Who may move data in and out in bulk. Anyone of the tenant may export the lists
 * they can read; changing many rows at once (import, reassign, delete) and reading
 * the user list are for the roles that manage the tenant (section 6: role_id 1 or 2).
 * The screens offer what these allow; the server refuses the rest.
 */
export const BULK_REFUSAL = 'Only Super Admins and Admins may import, reassign or delete rows in bulk.';
export const USER_EXPORT_REFUSAL = 'Only Super Admins and Admins may export the users.';

const manages = canManageUsers;

export function mayChangeInBulk(roleId: number): boolean {
  return manages(roleId);
}

export function mayExport(kind: ExportKind, roleId: number): boolean {
  return kind !== 'users' || manages(roleId);
}

/**
 * What each list offers besides exporting what it shows: choosing rows (to export
 * them), and changing the chosen ones (the server's bulk operations offer the same).
 */
export const BULK_CHANGES: Readonly<Record<ExportKind, { choose: boolean; reassign: boolean; delete: boolean }>> = {
  opportunities: { choose: true, reassign: true, delete: true },
  customers: { choose: true, reassign: false, delete: true },
  // The activity list's rows carry their done box; a second box per row would be one too many.
  activities: { choose: false, reassign: false, delete: false },
  // Section 6 describes no deleting of users, so chosen users are exported only.
  users: { choose: true, reassign: false, delete: false },
};
