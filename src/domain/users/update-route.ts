import type { UserUpdate } from '../../api/client';
import { isSuperAdmin } from '../rules/roles.ts';

/** The four PUT endpoints of Update User (spec section 7). */
export type UserUpdatePath =
  | '/api/users/{id}'
  | '/api/users/nohash/{id}'
  | '/api/users/admin/{id}'
  | '/api/users/admin/nohash/{id}';

export interface UserUpdateRequest {
  path: UserUpdatePath;
  id: number;
  body: UserUpdate;
}

export interface UserUpdateInput {
  id: number;
  /** The role the user has now, which decides whether the admin endpoints apply. */
  storedRoleId: number;
  name: string;
  email: string;
  role_id: UserUpdate['role_id'];
  /** What the list holds for the password: the server's mask, or ''. */
  existingPassword: string;
  newPassword: string;
}

/**
 * Which endpoint an update goes to and with what password: a typed new password
 * goes to the hashing route; otherwise the nohash route gets the password value
 * the app already holds. The super admin has routes of its own.
 */
export function userUpdateRequest(input: UserUpdateInput): UserUpdateRequest {
  const changesPassword = input.newPassword !== '';
  const admin = isSuperAdmin({ role_id: input.storedRoleId });
  const path: UserUpdatePath = admin
    ? changesPassword
      ? '/api/users/admin/{id}'
      : '/api/users/admin/nohash/{id}'
    : changesPassword
      ? '/api/users/{id}'
      : '/api/users/nohash/{id}';
  return {
    path,
    id: input.id,
    body: {
      name: input.name.trim(),
      email: input.email.trim(),
      password: changesPassword ? input.newPassword : input.existingPassword,
      role_id: input.role_id,
    },
  };
}
