import type { User } from '../../../src/api/client';
import { ROLE_LABELS } from '../../../src/domain/users/roles';

/** A user as GET /api/users/getAllData answers it, with the fields a test cares about. */
export function makeUser(overrides: Partial<User> & { id: number }): User {
  const roleId = overrides.role_id ?? 3;
  return {
    name: `User ${overrides.id}`,
    email: `user${overrides.id}@demo.test`,
    password: '********',
    tenant_id: 1,
    status: 1,
    ...overrides,
    role_id: roleId,
    role: ROLE_LABELS[roleId] as User['role'],
  };
}

/** A tenant of `count` users with varied names and roles. */
export function tenantOfUsers(count: number): User[] {
  const first = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
  return Array.from({ length: count }, (_, i) =>
    makeUser({
      id: i + 1,
      name: `${first[i % first.length]} ${String(i).padStart(5, '0')}`,
      role_id: i === 0 ? 1 : i % 7 === 0 ? 2 : 3,
      password: i % 5 === 0 ? '' : '********',
    }),
  );
}
