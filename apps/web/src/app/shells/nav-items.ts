import { can, type Role, screenFor } from '@retail-hub/shared';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCashRegister,
  IconChartBar,
  IconChartPie,
  IconClipboardList,
  IconCode,
  IconDeviceDesktop,
  IconFileAnalytics,
  IconFileInvoice,
  IconHammer,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconPackage,
  IconPackageExport,
  IconReceipt2,
  IconReportMoney,
  IconSettings,
  IconShoppingCart,
  IconTool,
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
  // Issue #15 item 3, after the spec's four links.
  items.push({ label: 'Sales History', to: paths.posHistory, icon: IconHistory });
  if (can(role, 'reports.view')) items.push({ label: 'Z Reports', to: paths.zReports, icon: IconReportMoney });
  // Issue #34 item 3: statements for managers and a department manager's own department.
  if (can(role, 'accounts.statements')) items.push({ label: 'Accounts', to: paths.accounts, icon: IconFileInvoice });
  // Issue #19: offline selling's follow-up, for managers.
  if (can(role, 'reports.view')) items.push({ label: 'Terminals', to: paths.terminals, icon: IconDeviceDesktop });
  if (can(role, 'inventory.manage')) {
    items.push({ label: 'Stock Discrepancies', to: paths.stockDiscrepancies, icon: IconAlertTriangle });
  }
  return items;
}

/** Only links to screens the role may open (a link that can only answer 'Access Denied' is noise). */
function openableBy(role: Role, items: NavItem[]): NavItem[] {
  return items.filter((item) => {
    const target = screenFor(item.to);
    return !target || can(role, target.permission);
  });
}

/**
 * spec §2 Navigation shells and §6 Navigation, procurement sidebar: Inventory for manager and
 * super_admin, Users and Developer Dashboard for super_admin. The shell is the Procurement
 * Management card's (manager and super_admin); another role reaches it only through Asset
 * Checkout, and sees the links it can use there (Point of Sale, Asset Checkout), as the POS
 * sidebar leaves out Expense Tracker for roles it would refuse.
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
    // Issue #13 item 19: the POS-side departments (/departments) were reachable only by URL.
    { label: 'Department Management', to: paths.departments, icon: IconBuildingStore },
    { label: 'Asset Checkout', to: paths.assetCheckout, icon: IconPackageExport },
    // Issue #16: stock per location, reorder, issues and transfers.
    { label: 'Stores', to: paths.stores, icon: IconBuildingWarehouse },
    { label: 'Items & Suppliers', to: paths.storesMasters, icon: IconListDetails },
    // Issue #16 items 3–5: purchasing, for the roles it serves.
    { label: 'Requisitions', to: paths.requisitions, icon: IconClipboardList },
    { label: 'Purchase Orders', to: paths.purchaseOrders, icon: IconShoppingCart },
    { label: 'Purchasing Settings', to: paths.purchasingSettings, icon: IconSettings },
    // Issue #17: the asset register, maintenance, safety checks and write-offs.
    { label: 'Assets', to: paths.assets, icon: IconTool },
    // Issue #18: the workshop job board, jobs due this week and clients.
    { label: 'Workshop Jobs', to: paths.jobs, icon: IconHammer },
  );
  if (can(role, 'developer.view')) items.push({ label: 'Developer Dashboard', to: paths.superAdmin, icon: IconCode });
  return openableBy(role, items);
}
