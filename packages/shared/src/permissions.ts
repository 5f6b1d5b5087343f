import { ROLES, type Role } from './roles';

const EVERYONE = ROLES;
/** spec §6: "manager and super_admin" is the recurring pair for back-office screens. */
const MANAGERS = ['manager', 'super_admin'] as const satisfies readonly Role[];
const SUPER_ADMIN = ['super_admin'] as const satisfies readonly Role[];

/**
 * The one permission map (spec §6). Every server route declares one of these keys and the
 * client uses the same keys for cards, links and guards. `public` needs no session;
 * every other key lists the roles allowed. Roles are sets, not level thresholds: the spec
 * gives department_manager and procurement_admin the POS only, despite their higher level.
 */
export const PERMISSIONS = {
  /** No session needed: sign-in, session probe, health of the process. */
  public: null,
  /** Any signed-in user: own session, logout, live-update stream. */
  session: EVERYONE,
  /** Selling at the terminal: shifts, sales, receipts, the daily CSV (spec §2 POS terminal). */
  'pos.sell': EVERYONE,
  /**
   * Approving on the spot (issue #15, ADR 0004 section "After the sale"): a refund, a void or an
   * over-cap discount by this role needs no one else's PIN, and this role's PIN approves another
   * user's. Not a route permission: the routes are 'pos.sell' and check it themselves.
   */
  'pos.approve': MANAGERS,
  /**
   * Issue #34 item 2 (ADR 0030): adding and editing tax rates and setting whether a store's prices
   * include tax. Reading them is 'catalog.read'.
   */
  'tax.manage': MANAGERS,
  /**
   * Issue #34 item 3 (ADR 0034): finding, adding and editing customers and attaching one to a sale
   * (every seller, cashier up), reading the accounts a sale can be charged to, and charging one (a
   * tender of the sale itself, 'pos.sell').
   */
  'customers.manage': EVERYONE,
  /**
   * Opening accounts and setting their credit limits, and recording payments received on account.
   */
  'accounts.manage': MANAGERS,
  /**
   * Reading an account's statement (screen and CSV) and approving its department charges: managers
   * see every account; a department_manager only their own department's (users.proc_department_id).
   */
  'accounts.statements': ['manager', 'department_manager', 'super_admin'],
  /** Changing each role's discount cap (issue #15 item 7, ADR 0019). */
  'discounts.configure': SUPER_ADMIN,
  /** Reading the catalogue: products, categories, size options, low stock. */
  'catalog.read': EVERYONE,
  /** Creating, editing, deleting products, categories, size options (spec §6 manager meaning). */
  'catalog.manage': MANAGERS,
  /** The POS dashboard and today's figures every cashier sees (spec §2 POS dashboard). */
  'pos.dashboard': EVERYONE,
  /**
   * Reading other staff's shifts and receipts, and the procurement shell's Reports screen
   * (spec §6: the manager "view reports").
   */
  'reports.view': MANAGERS,
  /**
   * Sales Reports over any range of days, with growth and the VTPD export of the range. Levels 3
   * and 4 rank above a manager (spec §6 Role levels), so they get the manager's ranges (issue #13
   * item 20); cashiers keep today only (ADR 0004).
   */
  'reports.ranges': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /** Inventory management screen, asset fields and filters (spec §6 Screen access). */
  'inventory.manage': MANAGERS,
  /** Institutional analytics (spec §6 Screen access). */
  'analytics.view': MANAGERS,
  /** Expense tracker (spec §6: manager and super_admin only). */
  'expenses.manage': MANAGERS,
  /** Procurement dashboard and shell (spec §6 Interface cards: Procurement Management card). */
  'procurement.view': MANAGERS,
  /** POS-side and procurement departments (spec §6: manager or super_admin). */
  'departments.manage': MANAGERS,
  /** Asset checkout list (spec §6: requires login). */
  'assets.view': EVERYONE,
  /**
   * Lending and taking back institutional assets (issue #7, as Snipe-IT does). The spec gives
   * "departmental assets" to department_manager and "institutional oversight" to
   * procurement_admin, and the procurement shell to managers; cashiers only borrow.
   */
  'assets.lend': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * Stores (issue #16, ADR 0004 "Stores"): reading the purchasing masters (suppliers, locations,
   * categories, items), stock per location, movements, issues, transfers and the reorder list.
   * A department_manager sees only their own department's locations, stock and issues.
   */
  'stores.view': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * Stores (issue #16): writing the masters and their CSV import, counting stock, approving and
   * completing issues, transfers, and the reorder requisition. A department_manager may only ask
   * for an issue to their department (`stores.view` plus the service's department check).
   */
  'stores.manage': ['manager', 'procurement_admin', 'super_admin'],
  /**
   * Issue #37 item 2 (ADR 0036): what the stock is worth (valuation as of a date, its CSV): the
   * month-end question of the owner and the finance office, so managers and procurement admins.
   */
  'stock.valuation': ['manager', 'procurement_admin', 'super_admin'],
  /**
   * The asset register (issue #17, ADR 0004 "Asset register"): reading registered units, their
   * history, maintenance, safety checks and write-offs. A department_manager reads only units of
   * their own department.
   */
  'assets.register': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * Registering and editing units (by hand, CSV import), scheduling and recording maintenance and
   * safety checks, drafting and submitting write-offs (issue #17 item 8). A department_manager
   * manages only units of their own procurement department (the services' SQL scope).
   */
  'assets.manage': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * The institution's asset decisions, not a department's (ADR 0004 Asset register): approving,
   * rejecting (never one's own) and disposing write-offs, and scheduling or recording a safety
   * check of a whole item (it covers every department's units of it).
   */
  'assets.oversee': ['manager', 'procurement_admin', 'super_admin'],
  /**
   * Issue #32 item 2: the installation's stores (cafés, shops): adding and renaming them, binding a
   * till to one, limiting staff to some. Reading the list is 'session' (a till shows its store).
   */
  'shops.manage': MANAGERS,
  /**
   * Issue #36 (ADR 0031): adding and editing receipt printers, test pages, and choosing a till's
   * printer. Printing a receipt and opening the drawer are 'pos.sell' (the drawer without a sale
   * needs a 'pos.approve' PIN, checked by the route).
   */
  'printers.manage': MANAGERS,
  /** User management (spec §6: manager or super_admin). */
  'users.manage': MANAGERS,
  /** Staff & PIN management: the spec leaves it open; we give it to managers and super admins. */
  'staff.manage': MANAGERS,
  /** Role management (spec §6: super_admin only). */
  'roles.manage': SUPER_ADMIN,
  /** Developer dashboard (spec §6: super_admin only). */
  'developer.view': SUPER_ADMIN,
  /**
   * Purchasing (issue #16 item 3, ADR 0004 "Purchasing"): reading and raising requisitions. A
   * department_manager sees and raises those of their own department; the others see all.
   */
  'purchasing.requisitions': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * Approving or rejecting a submitted requisition (never one's own). Above the department's
   * approval threshold only manager and super_admin (`purchasing.approve_above_threshold`).
   */
  'purchasing.approve': ['manager', 'procurement_admin', 'super_admin'],
  'purchasing.approve_above_threshold': MANAGERS,
  /**
   * Who runs which procurement department and each department's approval threshold (issue #16):
   * managers and super admins, since the threshold decides which approvals a procurement admin
   * may give.
   */
  'purchasing.settings': MANAGERS,
  /** Purchase orders, goods receipts and the purchasing settings (issue #16 items 4, 5). */
  'purchasing.manage': ['manager', 'procurement_admin', 'super_admin'],
  /**
   * Workshop jobs (issue #18, ADR 0004 "Workshop jobs"): clients, jobs and their moves, quotes,
   * bill of materials, steps, materials issued and returned, delivery. A department_manager runs
   * only the jobs of their own procurement department.
   */
  'jobs.run': ['manager', 'department_manager', 'procurement_admin', 'super_admin'],
  /**
   * Letting a job reach qa before its bill of materials is fully issued (with a note), and setting
   * a department's labour rate: manager and super_admin. Not a route permission for the waiver
   * (the transition route is 'jobs.run' and checks it).
   */
  'jobs.waive': MANAGERS,
  /**
   * Correcting a completed workshop step's actual hours until the job is delivered, with a reason
   * that is recorded (issue #30 item 19). Checked by the step route ('jobs.run').
   */
  'jobs.correct_hours': MANAGERS,
} as const satisfies Record<string, readonly Role[] | null>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** May a user with `role` (or nobody, when signed out) use `permission`? */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  const allowed = PERMISSIONS[permission] as readonly Role[] | null;
  if (allowed === null) return true;
  if (!role) return false;
  return allowed.includes(role);
}

/** The answer a request gets for a permission: allowed, 401 (no session) or 403 (wrong role). */
export function expectedStatus(role: Role | null, permission: Permission): 'allowed' | 401 | 403 {
  if (PERMISSIONS[permission] === null) return 'allowed';
  if (!role) return 401;
  return can(role, permission) ? 'allowed' : 403;
}
