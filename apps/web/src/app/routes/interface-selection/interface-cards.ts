import { can, type Role } from '@retail-hub/shared';
import { IconBuildingWarehouse, IconCashRegister, IconCode, IconUsers } from '@tabler/icons-react';
import { paths } from '../../paths';

export type InterfaceCard = {
  id: 'pos' | 'procurement' | 'stores' | 'users' | 'developer';
  title: string;
  description: string;
  to: string;
  icon: typeof IconCashRegister;
};

const POS_CARD: InterfaceCard = {
  id: 'pos',
  title: 'POS System',
  description: 'Sales, shifts, payments and receipts at the counter, with products, categories and size options.',
  to: paths.posDashboard,
  icon: IconCashRegister,
};

const PROCUREMENT_CARD: InterfaceCard = {
  id: 'procurement',
  title: 'Procurement Management',
  description: 'Department management, asset checkout, advanced analytics and user management.',
  to: paths.procurementDashboard,
  icon: IconBuildingWarehouse,
};

/**
 * Issue #16: procurement_admin and department_manager have no Procurement Management card (spec
 * §6), so they reach the stores screens through this card beside the spec's cards.
 */
const STORES_CARD: InterfaceCard = {
  id: 'stores',
  title: 'Stores & Purchasing',
  description: 'Stock per location, reorder list, issues to departments and transfers between locations.',
  to: paths.stores,
  icon: IconBuildingWarehouse,
};

const USERS_CARD: InterfaceCard = {
  id: 'users',
  title: 'Users',
  description: 'Add/edit users, assign PINs, enable/disable staff.',
  to: paths.adminStaff,
  icon: IconUsers,
};

const DEVELOPER_CARD: InterfaceCard = {
  id: 'developer',
  title: 'Developer Dashboard',
  description: 'User activity monitoring, system health and performance, advanced user management.',
  to: paths.superAdmin,
  icon: IconCode,
};

/** spec §6 Interface cards: POS for everyone; Procurement for manager and super_admin; Users and Developer Dashboard for super_admin. */
export function interfaceCardsFor(role: Role): InterfaceCard[] {
  const cards = [POS_CARD];
  if (can(role, 'procurement.view')) cards.push(PROCUREMENT_CARD);
  else if (can(role, 'stores.view')) cards.push(STORES_CARD);
  // spec §6 gives the Users card to super_admin only, although managers may open the staff screen.
  if (role === 'super_admin') cards.push(USERS_CARD);
  if (can(role, 'developer.view')) cards.push(DEVELOPER_CARD);
  return cards;
}

/** spec §2 Interface chooser: 3 columns for super_admin, 2 for manager, 1 otherwise. */
export function chooserColumns(role: Role): 1 | 2 | 3 {
  if (role === 'super_admin') return 3;
  if (role === 'manager') return 2;
  return 1;
}
