import { describe, expect, it } from 'vitest';
import { can, expectedStatus, PERMISSIONS } from './permissions';
import { homePathFor, outranksOrEquals, ROLES } from './roles';
import { SCREENS } from './screens';

describe('roles and permissions', () => {
  it('every role may sell; only manager and super_admin manage the catalogue (spec §6)', () => {
    for (const role of ROLES) expect(can(role, 'pos.sell')).toBe(true);
    expect(ROLES.filter((r) => can(r, 'catalog.manage'))).toEqual(['manager', 'super_admin']);
  });

  it('tax rates and prices-include-tax are changed by managers and super admins, read by all (issue #34, ADR 0004)', () => {
    expect(ROLES.filter((r) => can(r, 'tax.manage'))).toEqual(['manager', 'super_admin']);
    expect(expectedStatus('cashier', 'tax.manage')).toBe(403);
    expect(expectedStatus('department_manager', 'tax.manage')).toBe(403);
  });

  it('role management and the developer dashboard are for super_admin only', () => {
    expect(ROLES.filter((r) => can(r, 'roles.manage'))).toEqual(['super_admin']);
    expect(ROLES.filter((r) => can(r, 'developer.view'))).toEqual(['super_admin']);
  });

  it('a higher level alone grants no back-office screen: department and procurement admins get the POS', () => {
    expect(can('procurement_admin', 'procurement.view')).toBe(false);
    expect(can('department_manager', 'inventory.manage')).toBe(false);
  });

  it("report ranges follow the levels from manager up; cashiers keep today's (issue #13 item 20, ADR 0004)", () => {
    expect(ROLES.filter((r) => can(r, 'reports.ranges'))).toEqual([
      'manager',
      'department_manager',
      'procurement_admin',
      'super_admin',
    ]);
    expect(can('cashier', 'reports.ranges')).toBe(false);
  });

  it('the asset register: department managers manage (their department, server-scoped) but do not decide write-offs (issue #17 item 8)', () => {
    const upper = ['manager', 'department_manager', 'procurement_admin', 'super_admin'];
    expect(ROLES.filter((r) => can(r, 'assets.register'))).toEqual(upper);
    expect(ROLES.filter((r) => can(r, 'assets.manage'))).toEqual(upper);
    expect(ROLES.filter((r) => can(r, 'assets.oversee'))).toEqual(['manager', 'procurement_admin', 'super_admin']);
    expect(can('cashier', 'assets.manage')).toBe(false);
  });

  it('signed-out visitors may use public permissions only', () => {
    expect(can(null, 'public')).toBe(true);
    expect(can(null, 'session')).toBe(false);
    expect(expectedStatus(null, 'pos.sell')).toBe(401);
    expect(expectedStatus('cashier', 'users.manage')).toBe(403);
    expect(expectedStatus('manager', 'users.manage')).toBe('allowed');
  });

  it('every screen of the route table names a known permission', () => {
    for (const screen of SCREENS) expect(Object.keys(PERMISSIONS)).toContain(screen.permission);
  });

  it('after sign-in super_admin lands on /super-admin, manager on /, everyone else on /pos (spec §2)', () => {
    expect(homePathFor('super_admin')).toBe('/super-admin');
    expect(homePathFor('manager')).toBe('/');
    expect(homePathFor('cashier')).toBe('/pos');
    expect(homePathFor('department_manager')).toBe('/pos');
    expect(homePathFor('procurement_admin')).toBe('/pos');
  });

  it('nobody outranks a higher level', () => {
    expect(outranksOrEquals('manager', 'super_admin')).toBe(false);
    expect(outranksOrEquals('super_admin', 'manager')).toBe(true);
  });
});
