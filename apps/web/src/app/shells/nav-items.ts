import { can, type Role } from '@retail-hub/shared';
import {
  IconBuildingCommunity,
  IconBuildingWarehouse,
  IconCashRegister,
  IconChartBar,
  IconChartPie,
  IconCode,
  IconFileAnalytics,
  IconLayoutDashboard,
  IconPackage,
  IconPackageExport,
  IconReceipt2,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../paths';

export type NavItem = { label: string; to: string; icon: typeof IconCashRegister };

/**
 * spec §2 Navigation shells, POS sidebar. Expense Tracker is hidden from roles without
 * expenses.manage (spec §6: manager and super_admin only) rather than leading to a denial.
 */
export function posNavItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { label: 'POS Dashboard', to: paths.posDashboard, icon: IconLayoutDashboard },
    { label: 'Point of Sale', to: paths.pos, icon: IconCashRegister },
    { label: 'Sales Reports', to: paths.posReports, icon: IconChartBar },
  ];
  if (can(role, 'expenses.manage')) items.push({ label: 'Expense Tracker', to: paths.expenses, icon: IconReceipt2 });
  return items;
}

/**
 * spec §2 Navigation shells and §6 Navigation, procurement sidebar: Inventory for manager and
 * super_admin, Users and Developer Dashboard for super_admin; the rest for everyone in the shell.
 */
export function procurementNavItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { label: 'Procurement Dashboard', to: paths.procurementDashboard, icon: IconBuildingWarehouse },
    { label: 'Point of Sale', to: paths.pos, icon: IconCashRegister },
  ];
  if (can(role, 'inventory.manage')) items.push({ label: 'Inventory', to: paths.inventory, icon: IconPackage });
  items.push(
    { label: 'Reports', to: paths.reports, icon: IconFileAnalytics },
    { label: 'Analytics', to: paths.analytics, icon: IconChartPie },
  );
  if (role === 'super_admin') items.push({ label: 'Users', to: paths.users, icon: IconUsers });
  items.push(
    { label: 'Departments', to: paths.procurementDepartments, icon: IconBuildingCommunity },
    { label: 'Asset Checkout', to: paths.assetCheckout, icon: IconPackageExport },
  );
  if (can(role, 'developer.view')) items.push({ label: 'Developer Dashboard', to: paths.superAdmin, icon: IconCode });
  return items;
}
