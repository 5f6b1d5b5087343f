import { type Cents, formatMoney, type Suggestion } from '@retail-hub/shared';

/**
 * Optimization suggestions (spec §3 AI suggestion): the default engine is a set of deterministic
 * rules over the institution's own figures. This file is pure: a snapshot in, suggestions out.
 */

/** One institutional asset (a product whose assetType is not regular) and its figures. */
export type AssetFigures = {
  name: string;
  assetType: string;
  stock: number;
  lowStockThreshold: number;
  isCheckoutRequired: boolean;
  /** Checkouts that started in the last 90 days. */
  checkoutsLast90Days: number;
  /** Checkouts not yet returned. */
  activeCheckouts: number;
  department: string | null;
  serviceFlag: string | null;
  serviceFlaggedAt: string | null;
};

/** The figures the rules read (and the external provider is sent), gathered by the repository. */
export type OptimizationSnapshot = {
  /** ISO time the snapshot was taken. */
  takenAt: string;
  /** Active POS-side departments without an active manager, with how many products they hold. */
  departmentsWithoutManager: { name: string; productCount: number }[];
  posDepartmentCount: number;
  procurement: {
    activeCount: number;
    /** Active departments that have a parent. */
    childCount: number;
    /** Active departments no location belongs to. */
    withoutLocations: { code: string; name: string }[];
  };
  /** Active assets, at most the repository's cap. */
  assets: AssetFigures[];
  overdue: {
    total: number;
    /** Overdue checkouts per product department (null: no department), most first. */
    byDepartment: { department: string | null; count: number; oldestDueAt: string }[];
  };
  /** Expenses per category: the last 30 days and the 30 days before, in cents. */
  expenses: { category: string; last30Cents: Cents; previous30Cents: Cents }[];
  /** ISO time of the oldest expense on record (null: none); the trend needs both windows covered. */
  expenseHistoryStart: string | null;
};

const DAY = 86_400_000;
const MAX_NAMED = 3;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "A, B and 2 more": names real items, never an endless list. */
function listNames(names: string[], max = MAX_NAMED): string {
  const shown = names.slice(0, max).map((n) => `"${n}"`);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const categoryLabel = (category: string) => category.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function percent(now: number, before: number): number {
  return Math.round(((now - before) / before) * 100);
}

/** Idle: must be checked out, yet no checkout started in the last 90 days and none is out now. */
export function isIdleAsset(asset: AssetFigures): boolean {
  return asset.isCheckoutRequired && asset.checkoutsLast90Days === 0 && asset.activeCheckouts === 0;
}

/** Over-stocked: more than 3× its low-stock level (and at least 10) while fewer checkouts than units. */
export function isOverStocked(asset: AssetFigures): boolean {
  return (
    asset.stock >= 10 &&
    asset.stock > 3 * Math.max(asset.lowStockThreshold, 1) &&
    asset.checkoutsLast90Days < asset.stock / 2
  );
}

export function isLowStock(asset: AssetFigures): boolean {
  return asset.stock <= asset.lowStockThreshold;
}

function managerRule(s: OptimizationSnapshot): Suggestion[] {
  const without = s.departmentsWithoutManager;
  if (without.length === 0) return [];
  const products = without.reduce((sum, d) => sum + d.productCount, 0);
  return [
    {
      id: 'departments-without-manager',
      type: 'structure',
      priority: without.length * 2 >= Math.max(s.posDepartmentCount, 1) ? 'high' : 'medium',
      title: `Assign managers to ${plural(without.length, 'department')}`,
      description: `${listNames(without.map((d) => d.name))} ${without.length === 1 ? 'has' : 'have'} no active manager (${without.length} of ${s.posDepartmentCount} departments), leaving ${plural(products, 'product')} without an accountable owner.`,
      estimatedSavings: 'Fewer unapproved requests and faster decisions',
      implementationTime: '1 day',
      impact: `Clear ownership for ${plural(products, 'product')}`,
      actionItems: [
        ...without.slice(0, MAX_NAMED).map((d) => `Choose a manager for "${d.name}" on Department Management`),
        'Review department ownership each term',
      ],
    },
  ];
}

function procurementStructureRule(s: OptimizationSnapshot): Suggestion[] {
  const out: Suggestion[] = [];
  const { withoutLocations, activeCount, childCount } = s.procurement;
  if (withoutLocations.length > 0) {
    out.push({
      id: 'procurement-departments-without-locations',
      type: 'structure',
      priority: withoutLocations.length * 2 >= Math.max(activeCount, 1) ? 'medium' : 'low',
      title: `Give ${plural(withoutLocations.length, 'procurement department')} a stock location`,
      description: `${withoutLocations.length} of ${activeCount} active procurement departments have no location: ${listNames(withoutLocations.map((d) => `${d.code} ${d.name}`))}. Stock received for them has nowhere to be counted.`,
      estimatedSavings: 'Less time searching for received stock',
      implementationTime: '1-2 days',
      impact: 'Accurate stock counts per department',
      actionItems: [
        ...withoutLocations.slice(0, MAX_NAMED).map((d) => `Create a location for ${d.code} (${d.name})`),
        'Label shelves with the location code',
      ],
    });
  }
  if (activeCount >= 4 && childCount === 0) {
    out.push({
      id: 'procurement-flat-hierarchy',
      type: 'structure',
      priority: 'low',
      title: 'Group procurement departments into a hierarchy',
      description: `All ${activeCount} active procurement departments are at the top level; none has a sub-department, so approvals and reports cannot roll up.`,
      estimatedSavings: 'Simpler approval routing',
      implementationTime: '1 week',
      impact: 'Reports that roll up by faculty or division',
      actionItems: ['Identify departments that report to another', 'Set their parent department'],
    });
  }
  return out;
}

function idleAssetRule(s: OptimizationSnapshot): Suggestion[] {
  const idle = s.assets.filter(isIdleAsset);
  if (idle.length === 0) return [];
  const units = idle.reduce((sum, a) => sum + a.stock, 0);
  return [
    {
      id: 'idle-assets',
      type: 'resource',
      priority: idle.length >= 5 ? 'medium' : 'low',
      title: `Redeploy ${plural(idle.length, 'idle asset')}`,
      description: `${listNames(idle.map((a) => a.name))} (${plural(units, 'unit')} in all) must be checked out yet none has been in the last 90 days.`,
      estimatedSavings: `${plural(units, 'unit')} available to other departments instead of new purchases`,
      implementationTime: '1-2 weeks',
      impact: 'Better use of existing equipment',
      actionItems: [
        'Confirm with departments whether these assets are still needed',
        'Lend or transfer unused units to departments that need them',
        'Dispose of obsolete items',
      ],
    },
  ];
}

function overStockRule(s: OptimizationSnapshot): Suggestion[] {
  const over = s.assets.filter(isOverStocked).sort((a, b) => b.stock - a.stock);
  if (over.length === 0) return [];
  const first = over[0] as AssetFigures;
  return [
    {
      id: 'over-stocked-assets',
      type: 'cost',
      priority: 'low',
      title: `Reduce stock of ${plural(over.length, 'over-stocked asset')}`,
      description: `${listNames(over.map((a) => `${a.name} (${a.stock} on hand, low-stock level ${a.lowStockThreshold})`))}: ${first.name} alone holds ${first.stock} units against ${plural(first.checkoutsLast90Days, 'checkout')} in 90 days.`,
      estimatedSavings: 'Capital freed by pausing re-orders',
      implementationTime: '1 month',
      impact: 'Lower carrying cost and storage space',
      actionItems: ['Pause re-orders of these assets', 'Lower their low-stock levels to match use'],
    },
  ];
}

function overdueRule(s: OptimizationSnapshot, now: number): Suggestion[] {
  const top = s.overdue.byDepartment[0];
  if (!top || s.overdue.total === 0) return [];
  const where = top.department ? `the ${top.department} department` : 'products without a department';
  const daysLate = Math.max(1, Math.floor((now - Date.parse(top.oldestDueAt)) / DAY));
  const share = Math.round((top.count / s.overdue.total) * 100);
  return [
    {
      id: 'overdue-checkouts',
      type: 'workflow',
      priority: s.overdue.total >= 3 || share >= 50 ? 'high' : 'medium',
      title: `Recover ${plural(s.overdue.total, 'overdue asset checkout')}`,
      description: `${top.count} of ${s.overdue.total} overdue checkouts (${share}%) are for ${where}; the oldest is ${plural(daysLate, 'day')} late.`,
      estimatedSavings: 'Fewer replacement purchases for unreturned assets',
      implementationTime: '1 week',
      impact: 'Assets back in circulation',
      actionItems: [
        `Contact the borrowers of ${where} this week`,
        'Send reminders before the expected return date',
        'Review who may borrow assets that come back late',
      ],
    },
  ];
}

function spendingRule(s: OptimizationSnapshot, now: number): Suggestion[] {
  // A store recording expenses for less than the two windows would compare against a partial month.
  if (!s.expenseHistoryStart || Date.parse(s.expenseHistoryStart) > now - 59 * DAY) return [];
  const last = s.expenses.reduce((sum, e) => sum + e.last30Cents, 0);
  const previous = s.expenses.reduce((sum, e) => sum + e.previous30Cents, 0);
  if (previous <= 0 || last <= previous) return [];
  const change = percent(last, previous);
  if (change < 10) return [];
  const rising = s.expenses
    .filter((e) => e.last30Cents > e.previous30Cents)
    .sort((a, b) => b.last30Cents - b.previous30Cents - (a.last30Cents - a.previous30Cents));
  const named = rising
    .slice(0, MAX_NAMED)
    .map((e) => `${categoryLabel(e.category)} ${formatMoney(e.previous30Cents)} → ${formatMoney(e.last30Cents)}`);
  return [
    {
      id: 'rising-spending',
      type: 'cost',
      priority: change >= 25 ? 'high' : 'medium',
      title: `Expenses rose ${change}% in the last 30 days`,
      description: `Spending was ${formatMoney(last)} in the last 30 days against ${formatMoney(previous)} in the 30 days before. Largest rises: ${named.join('; ')}.`,
      estimatedSavings: `Up to ${formatMoney(last - previous)} per month`,
      implementationTime: '2 weeks',
      impact: 'Spending back to the previous level',
      actionItems: [
        ...rising
          .slice(0, 2)
          .map((e) => `Review recent ${categoryLabel(e.category).toLowerCase()} expenses and vendors`),
        'Set a monthly budget per expense category',
      ],
    },
  ];
}

function lowStockRule(s: OptimizationSnapshot): Suggestion[] {
  const low = s.assets.filter(isLowStock).sort((a, b) => a.stock - b.stock);
  if (low.length === 0) return [];
  const out = low.filter((a) => a.stock === 0).length;
  return [
    {
      id: 'low-stock-assets',
      type: 'efficiency',
      priority: out > 0 ? 'high' : 'medium',
      title: `Re-order ${plural(low.length, 'low-stock asset')}`,
      description: `${listNames(low.map((a) => `${a.name} (${a.stock} left, low-stock level ${a.lowStockThreshold})`))}${out > 0 ? `; ${out} ${out === 1 ? 'is' : 'are'} out of stock` : ''}.`,
      estimatedSavings: 'No rush orders or lost lesson time',
      implementationTime: '1 week',
      impact: 'Assets available when departments need them',
      actionItems: [
        ...low.slice(0, MAX_NAMED).map((a) => `Re-order ${a.name}`),
        'Check low-stock levels against how fast each asset is used',
      ],
    },
  ];
}

function serviceRule(s: OptimizationSnapshot, now: number): Suggestion[] {
  const flagged = s.assets.filter((a) => a.serviceFlag !== null);
  if (flagged.length === 0) return [];
  const damaged = flagged.filter((a) => a.serviceFlag === 'damaged').length;
  const oldest = flagged
    .map((a) => (a.serviceFlaggedAt ? Date.parse(a.serviceFlaggedAt) : now))
    .reduce((min, t) => Math.min(min, t), now);
  const days = Math.floor((now - oldest) / DAY);
  return [
    {
      id: 'assets-flagged-for-service',
      type: 'efficiency',
      priority: damaged > 0 || days >= 14 ? 'high' : 'medium',
      title: `Service ${plural(flagged.length, 'flagged asset')}`,
      description: `${listNames(flagged.map((a) => `${a.name} (${a.serviceFlag === 'damaged' ? 'damaged' : 'needs maintenance'})`))} cannot be checked out until serviced${days > 0 ? `; the oldest flag is ${plural(days, 'day')} old` : ''}.`,
      estimatedSavings: `${plural(
        flagged.reduce((sum, a) => sum + a.stock, 0),
        'unit',
      )} back in service`,
      implementationTime: '1-2 weeks',
      impact: 'More assets available for checkout',
      actionItems: [
        'Book repairs or maintenance for the flagged assets',
        'Clear the flag in Inventory once an asset is back in service',
      ],
    },
  ];
}

const PRIORITY_ORDER: Record<Suggestion['priority'], number> = { high: 0, medium: 1, low: 2 };

/** Every rule that fires, high priority first (then in rule order). Empty: well-optimized. */
export function optimizationSuggestions(
  snapshot: OptimizationSnapshot,
  now = Date.parse(snapshot.takenAt),
): Suggestion[] {
  const all = [
    ...overdueRule(snapshot, now),
    ...lowStockRule(snapshot),
    ...serviceRule(snapshot, now),
    ...spendingRule(snapshot, now),
    ...managerRule(snapshot),
    ...procurementStructureRule(snapshot),
    ...idleAssetRule(snapshot),
    ...overStockRule(snapshot),
  ];
  return all
    .map((suggestion, index) => ({ suggestion, index }))
    .sort((a, b) => PRIORITY_ORDER[a.suggestion.priority] - PRIORITY_ORDER[b.suggestion.priority] || a.index - b.index)
    .map(({ suggestion }) => suggestion);
}
