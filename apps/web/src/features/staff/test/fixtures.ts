import type { UserSummary } from '@retail-hub/shared';

/** A user as GET /admin/users answers it. */
export function aUser(overrides: Partial<UserSummary> & Pick<UserSummary, 'id' | 'role'>): UserSummary {
  return {
    firstName: 'Test',
    lastName: 'User',
    email: `${overrides.id}@store.test`,
    isActive: true,
    department: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}
