/** The signed-in user's profile as the app keeps it (spec section 3). */
export interface Profile {
  id: number;
  name: string;
  email: string;
  password: string;
  tenant_id: number | '';
  role_id: number;
}

/** The spec's defaults: what is stored before a profile loads and after sign-out. */
export const EMPTY_PROFILE: Profile = Object.freeze({
  id: 0,
  name: '',
  email: '',
  password: '',
  tenant_id: '',
  role_id: 0,
});

/** The key of the profile in local persistent storage. */
export const PROFILE_STORAGE_KEY = 'user-storage';

/** Roles that manage users and edit salespersons: Super Admin and Admin. */
export function managesUsers(profile: Pick<Profile, 'role_id'>): boolean {
  return profile.role_id === 1 || profile.role_id === 2;
}

/** Who is calling, as every flow needs it: their tenant, e-mail and role. */
export interface Caller {
  tenantId: number;
  /** The signed-in user's own id (0 before the profile has loaded). */
  userId: number;
  email: string;
  roleId: number;
}

/** The caller a profile describes; tenant 0 and role 0 before one has loaded. */
export function callerOf(profile: Profile | null): Caller {
  return { tenantId: Number(profile?.tenant_id || 0), userId: Number(profile?.id || 0), email: profile?.email ?? '', roleId: profile?.role_id ?? 0 };
}
