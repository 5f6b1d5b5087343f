import type { ScreenPath } from '@retail-hub/shared';

/**
 * Every client route path, in one place (style guide: bulletproof-react paths). The signed-in
 * screens are the route table of spec §2 (SCREENS in @retail-hub/shared); `satisfies` makes a
 * typo or a path outside that table a compile error.
 */
export const paths = {
  home: '/',
  interfaceSelection: '/interface-selection',
  posDashboard: '/pos-dashboard',
  procurementDashboard: '/procurement-dashboard',
  procurement: '/procurement',
  pos: '/pos',
  posReports: '/pos-reports',
  posInventory: '/pos-inventory',
  posHistory: '/pos-history',
  zReports: '/z-reports',
  accounts: '/accounts',
  terminals: '/terminals',
  stockDiscrepancies: '/stock-discrepancies',
  expenses: '/expenses',
  dashboard: '/dashboard',
  inventory: '/inventory',
  reports: '/reports',
  analytics: '/analytics',
  users: '/users',
  departments: '/departments',
  assetCheckout: '/asset-checkout',
  procurementDepartments: '/procurement-departments',
  stores: '/stores',
  storesMasters: '/stores/masters',
  roleManagement: '/role-management',
  adminStaff: '/admin/staff',
  superAdmin: '/super-admin',
  requisitions: '/requisitions',
  purchaseOrders: '/purchase-orders',
  purchaseOrderPrint: '/purchase-orders/print',
  purchasingSettings: '/purchasing-settings',
  assets: '/assets',
  assetUnit: '/assets/unit',
  assetLabels: '/assets/labels',
  jobs: '/jobs',
  job: '/jobs/detail',
  jobQuotePrint: '/jobs/quote-print',
  jobDeliveryPrint: '/jobs/delivery-print',
} as const satisfies Record<string, ScreenPath>;

/** Public routes: the only paths with their own screen when signed out (spec §2). */
export const publicPaths = {
  landing: '/',
  pinLogin: '/pin-login',
  /** Issue #36 item 4: the customer display, with no sign-in of its own (it shows only what the till sends). */
  display: '/display',
} as const;
