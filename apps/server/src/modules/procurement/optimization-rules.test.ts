import { suggestionSchema } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import {
  type AssetFigures,
  isIdleAsset,
  isLowStock,
  isOverStocked,
  type OptimizationSnapshot,
  optimizationSuggestions,
} from './optimization-rules';

const NOW = '2026-06-30T00:00:00.000Z';
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.parse(NOW) - n * DAY).toISOString();

/** A snapshot where nothing calls for action. */
function calm(): OptimizationSnapshot {
  return {
    takenAt: NOW,
    departmentsWithoutManager: [],
    posDepartmentCount: 3,
    procurement: { activeCount: 3, childCount: 1, withoutLocations: [] },
    assets: [asset({ name: 'Projector', checkoutsLast90Days: 4 })],
    overdue: { total: 0, byDepartment: [] },
    expenses: [{ category: 'utilities', last30Cents: 10_000, previous30Cents: 12_000 }],
    expenseHistoryStart: daysAgo(400),
  };
}

function asset(overrides: Partial<AssetFigures> = {}): AssetFigures {
  return {
    name: 'Asset',
    assetType: 'equipment',
    stock: 5,
    lowStockThreshold: 1,
    isCheckoutRequired: true,
    checkoutsLast90Days: 1,
    activeCheckouts: 0,
    department: null,
    serviceFlag: null,
    serviceFlaggedAt: null,
    ...overrides,
  };
}

const byId = (snapshot: OptimizationSnapshot, id: string) => optimizationSuggestions(snapshot).find((s) => s.id === id);

describe('optimization rules', () => {
  it('suggests nothing for a well-run institution (the "well-optimized" empty state)', () => {
    expect(optimizationSuggestions(calm())).toEqual([]);
  });

  it('names POS departments without a manager and how many products they hold', () => {
    const s = calm();
    s.departmentsWithoutManager = [
      { name: 'Administration', productCount: 4 },
      { name: 'Science', productCount: 2 },
    ];
    const suggestion = byId(s, 'departments-without-manager');
    expect(suggestion).toMatchObject({
      type: 'structure',
      priority: 'high',
      title: 'Assign managers to 2 departments',
      description:
        '"Administration" and "Science" have no active manager (2 of 3 departments), leaving 6 products without an accountable owner.',
    });
    expect(suggestion?.actionItems[0]).toBe('Choose a manager for "Administration" on Department Management');
    s.departmentsWithoutManager = [{ name: 'Administration', productCount: 1 }];
    expect(byId(s, 'departments-without-manager')?.priority).toBe('medium');
  });

  it('names procurement departments without a location, and a flat hierarchy', () => {
    const s = calm();
    s.procurement = { activeCount: 5, childCount: 0, withoutLocations: [{ code: 'FIN', name: 'Finance' }] };
    expect(byId(s, 'procurement-departments-without-locations')).toMatchObject({
      type: 'structure',
      description:
        '1 of 5 active procurement departments have no location: "FIN Finance". Stock received for them has nowhere to be counted.',
    });
    expect(byId(s, 'procurement-flat-hierarchy')?.description).toBe(
      'All 5 active procurement departments are at the top level; none has a sub-department, so approvals and reports cannot roll up.',
    );
    s.procurement.childCount = 1;
    expect(byId(s, 'procurement-flat-hierarchy')).toBeUndefined();
  });

  it('classifies idle, over-stocked and low-stock assets', () => {
    expect(isIdleAsset(asset({ checkoutsLast90Days: 0 }))).toBe(true);
    expect(isIdleAsset(asset({ checkoutsLast90Days: 0, activeCheckouts: 1 }))).toBe(false);
    expect(isIdleAsset(asset({ checkoutsLast90Days: 0, isCheckoutRequired: false }))).toBe(false);
    expect(isOverStocked(asset({ stock: 40, lowStockThreshold: 5, checkoutsLast90Days: 2 }))).toBe(true);
    expect(isOverStocked(asset({ stock: 40, lowStockThreshold: 5, checkoutsLast90Days: 30 }))).toBe(false);
    expect(isOverStocked(asset({ stock: 9, lowStockThreshold: 1, checkoutsLast90Days: 0 }))).toBe(false);
    expect(isLowStock(asset({ stock: 2, lowStockThreshold: 2 }))).toBe(true);
    expect(isLowStock(asset({ stock: 3, lowStockThreshold: 2 }))).toBe(false);
  });

  it('names idle assets with their units', () => {
    const s = calm();
    s.assets = [
      asset({ name: 'Microscope', stock: 3, checkoutsLast90Days: 0 }),
      asset({ name: 'Tripod', stock: 1, checkoutsLast90Days: 0 }),
    ];
    expect(byId(s, 'idle-assets')).toMatchObject({
      type: 'resource',
      title: 'Redeploy 2 idle assets',
      description:
        '"Microscope" and "Tripod" (4 units in all) must be checked out yet none has been in the last 90 days.',
    });
  });

  it('names over-stocked assets with stock and checkouts', () => {
    const s = calm();
    s.assets = [asset({ name: 'Safety Goggles', stock: 60, lowStockThreshold: 10, checkoutsLast90Days: 3 })];
    expect(byId(s, 'over-stocked-assets')?.description).toBe(
      '"Safety Goggles (60 on hand, low-stock level 10)": Safety Goggles alone holds 60 units against 3 checkouts in 90 days.',
    );
  });

  it('points at the department where overdue checkouts concentrate', () => {
    const s = calm();
    s.overdue = {
      total: 4,
      byDepartment: [
        { department: 'Science', count: 3, oldestDueAt: daysAgo(12) },
        { department: null, count: 1, oldestDueAt: daysAgo(1) },
      ],
    };
    expect(byId(s, 'overdue-checkouts')).toMatchObject({
      type: 'workflow',
      priority: 'high',
      title: 'Recover 4 overdue asset checkouts',
      description: '3 of 4 overdue checkouts (75%) are for the Science department; the oldest is 12 days late.',
    });
    s.overdue = { total: 1, byDepartment: [{ department: null, count: 1, oldestDueAt: daysAgo(0.5) }] };
    expect(byId(s, 'overdue-checkouts')?.description).toBe(
      '1 of 1 overdue checkouts (100%) are for products without a department; the oldest is 1 day late.',
    );
  });

  it('reports a spending rise by category with the amounts, and nothing for a fall', () => {
    const s = calm();
    s.expenses = [
      { category: 'office_supplies', last30Cents: 50_000, previous30Cents: 20_000 },
      { category: 'utilities', last30Cents: 30_000, previous30Cents: 30_000 },
      { category: 'transport', last30Cents: 5_000, previous30Cents: 10_000 },
    ];
    expect(byId(s, 'rising-spending')).toMatchObject({
      type: 'cost',
      priority: 'high',
      title: 'Expenses rose 42% in the last 30 days',
      description:
        'Spending was $850.00 in the last 30 days against $600.00 in the 30 days before. Largest rises: Office supplies $200.00 → $500.00.',
      estimatedSavings: 'Up to $250.00 per month',
    });
    s.expenses = [{ category: 'utilities', last30Cents: 10_000, previous30Cents: 0 }];
    expect(byId(s, 'rising-spending')).toBeUndefined();
  });

  it('compares spending only when the expense history covers both 30-day windows', () => {
    const s = calm();
    s.expenses = [{ category: 'maintenance', last30Cents: 100_000, previous30Cents: 1_000 }];
    s.expenseHistoryStart = daysAgo(31);
    expect(byId(s, 'rising-spending')).toBeUndefined();
    s.expenseHistoryStart = null;
    expect(byId(s, 'rising-spending')).toBeUndefined();
    s.expenseHistoryStart = daysAgo(60);
    expect(byId(s, 'rising-spending')?.title).toBe('Expenses rose 9900% in the last 30 days');
  });

  it('lists low-stock assets, out of stock first, and flagged assets', () => {
    const s = calm();
    s.assets = [
      asset({ name: 'Laptop', stock: 1, lowStockThreshold: 2 }),
      asset({ name: 'Drill', stock: 0, lowStockThreshold: 1 }),
      asset({ name: 'Camera', serviceFlag: 'damaged', serviceFlaggedAt: daysAgo(3) }),
    ];
    expect(byId(s, 'low-stock-assets')).toMatchObject({
      priority: 'high',
      title: 'Re-order 2 low-stock assets',
      description: '"Drill (0 left, low-stock level 1)" and "Laptop (1 left, low-stock level 2)"; 1 is out of stock.',
    });
    expect(byId(s, 'assets-flagged-for-service')).toMatchObject({
      priority: 'high',
      description: '"Camera (damaged)" cannot be checked out until serviced; the oldest flag is 3 days old.',
    });
  });

  it('lists at most three names and puts high priority first; every suggestion has the API shape', () => {
    const s = calm();
    s.departmentsWithoutManager = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, productCount: 0 }));
    s.posDepartmentCount = 20;
    s.overdue = { total: 5, byDepartment: [{ department: 'Arts', count: 5, oldestDueAt: daysAgo(2) }] };
    const all = optimizationSuggestions(s);
    expect(all.find((x) => x.id === 'departments-without-manager')?.description).toMatch(
      /^"A", "B", "C" and 2 more have/,
    );
    expect(all[0]?.priority).toBe('high');
    for (const suggestion of all) expect(suggestionSchema.safeParse(suggestion).success).toBe(true);
  });
});
