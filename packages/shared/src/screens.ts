import type { Permission } from './permissions';

export type Shell = 'none' | 'pos' | 'procurement';

export type Screen = {
  path: string;
  title: string;
  shell: Shell;
  /** Permission needed to open the screen (checked by the client guard; the server checks every call). */
  permission: Permission;
};

/**
 * spec §2 Route table, signed in. The permission of each screen comes from spec §6 Screen
 * access; where the spec is silent, back-office screens follow the Procurement Management card
 * (manager and super_admin) and POS screens are open to every signed-in user.
 */
export const SCREENS = [
  { path: '/', title: 'Interface Selection', shell: 'none', permission: 'session' },
  { path: '/interface-selection', title: 'Interface Selection', shell: 'none', permission: 'session' },
  { path: '/pos-dashboard', title: 'POS Dashboard', shell: 'none', permission: 'pos.dashboard' },
  { path: '/procurement-dashboard', title: 'Procurement Dashboard', shell: 'none', permission: 'procurement.view' },
  { path: '/procurement', title: 'Procurement Dashboard', shell: 'none', permission: 'procurement.view' },
  { path: '/pos', title: 'Point of Sale', shell: 'pos', permission: 'pos.sell' },
  { path: '/pos-reports', title: 'Sales Reports', shell: 'pos', permission: 'pos.dashboard' },
  { path: '/pos-inventory', title: 'POS Inventory', shell: 'pos', permission: 'pos.dashboard' },
  // Issue #15 item 3: past sales (a cashier's own shift, a manager's every sale), reprints.
  { path: '/pos-history', title: 'Sales History', shell: 'pos', permission: 'pos.sell' },
  // Issue #15 item 8: every Z report, reprinted as written, for managers.
  { path: '/z-reports', title: 'Z Reports', shell: 'pos', permission: 'reports.view' },
  // Issue #34 item 3 (ADR 0034): accounts, statements, payments; a department manager sees their own.
  { path: '/accounts', title: 'Accounts', shell: 'pos', permission: 'accounts.statements' },
  // Issue #19 (ADR 0014): the terminals' outboxes, and the stock offline sales sold beyond.
  { path: '/terminals', title: 'Terminals', shell: 'pos', permission: 'reports.view' },
  { path: '/stock-discrepancies', title: 'Stock Discrepancies', shell: 'pos', permission: 'inventory.manage' },
  { path: '/expenses', title: 'Expense Tracker', shell: 'pos', permission: 'expenses.manage' },
  { path: '/dashboard', title: 'Procurement Dashboard', shell: 'procurement', permission: 'procurement.view' },
  { path: '/inventory', title: 'Inventory Management', shell: 'procurement', permission: 'inventory.manage' },
  { path: '/reports', title: 'Reports', shell: 'procurement', permission: 'reports.view' },
  { path: '/analytics', title: 'Institutional Analytics', shell: 'procurement', permission: 'analytics.view' },
  { path: '/users', title: 'User Management', shell: 'procurement', permission: 'users.manage' },
  { path: '/departments', title: 'Department Management', shell: 'procurement', permission: 'departments.manage' },
  { path: '/asset-checkout', title: 'Asset Checkout', shell: 'procurement', permission: 'assets.view' },
  {
    path: '/procurement-departments',
    title: 'Procurement Departments',
    shell: 'procurement',
    permission: 'departments.manage',
  },
  { path: '/stores', title: 'Stores', shell: 'procurement', permission: 'stores.view' },
  { path: '/stores/masters', title: 'Items & Suppliers', shell: 'procurement', permission: 'stores.view' },
  { path: '/role-management', title: 'Role Management', shell: 'procurement', permission: 'roles.manage' },
  { path: '/admin/staff', title: 'Staff & PIN Management', shell: 'procurement', permission: 'staff.manage' },
  { path: '/super-admin', title: 'Developer Dashboard', shell: 'none', permission: 'developer.view' },
  // Issue #16 items 3–5 (ADR 0013): purchasing inside the procurement shell; the order's print page alone.
  { path: '/requisitions', title: 'Requisitions', shell: 'procurement', permission: 'purchasing.requisitions' },
  { path: '/purchase-orders', title: 'Purchase Orders', shell: 'procurement', permission: 'purchasing.manage' },
  { path: '/purchase-orders/print', title: 'Purchase Order', shell: 'none', permission: 'purchasing.manage' },
  { path: '/purchasing-settings', title: 'Purchasing Settings', shell: 'procurement', permission: 'purchasing.manage' },
  // Issue #17 (ADR 0018): the asset register, one unit's page with its history, printable labels.
  { path: '/assets', title: 'Assets', shell: 'procurement', permission: 'assets.register' },
  { path: '/assets/unit', title: 'Asset', shell: 'procurement', permission: 'assets.register' },
  { path: '/assets/labels', title: 'Asset Labels', shell: 'none', permission: 'assets.register' },
  // Issue #18: workshop jobs (board, due this week, clients), one job, and the two print pages.
  { path: '/jobs', title: 'Workshop Jobs', shell: 'procurement', permission: 'jobs.run' },
  { path: '/jobs/detail', title: 'Workshop Job', shell: 'procurement', permission: 'jobs.run' },
  { path: '/jobs/quote-print', title: 'Quote', shell: 'none', permission: 'jobs.run' },
  { path: '/jobs/delivery-print', title: 'Delivery Note', shell: 'none', permission: 'jobs.run' },
] as const satisfies readonly Screen[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

export function screenFor(path: string): Screen | undefined {
  return SCREENS.find((s) => s.path === path);
}
