/** spec §3 users.role and §6 role levels. */
export const ROLES = ['cashier', 'manager', 'department_manager', 'procurement_admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** spec §6: the five-level hierarchy. A higher level never implies a screen (see permissions.ts). */
export const ROLE_LEVELS: Record<Role, number> = {
  cashier: 1,
  manager: 2,
  department_manager: 3,
  procurement_admin: 4,
  super_admin: 5,
};

export const ROLE_LABELS: Record<Role, string> = {
  cashier: 'Cashier',
  manager: 'Manager',
  department_manager: 'Department Manager',
  procurement_admin: 'Procurement Admin',
  super_admin: 'Super Admin',
};

/** spec §6 Role levels, "Meaning" column. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  cashier: 'Basic POS access, sales and checkouts',
  manager: 'Manage products and categories, view reports, supervise',
  department_manager: 'Departmental assets, users, institutional operations',
  procurement_admin: 'Full procurement access, department management, institutional oversight',
  super_admin: 'Complete system access including user roles',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleLevel(role: Role): number {
  return ROLE_LEVELS[role];
}

/** True when `actor` may act on someone at `target`'s level (equal or below). */
export function outranksOrEquals(actor: Role, target: Role): boolean {
  return ROLE_LEVELS[actor] >= ROLE_LEVELS[target];
}

/** spec §2 PIN login: where each role lands after signing in. */
export function homePathFor(role: Role): string {
  if (role === 'super_admin') return '/super-admin';
  if (role === 'manager') return '/';
  return '/pos';
}
