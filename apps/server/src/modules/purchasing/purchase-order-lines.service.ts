import {
  centsToDecimal,
  decimalToCents,
  formatQty,
  lineNetCents,
  lineTaxCents,
  MAX_CENTS,
  milliToQty,
  type PoTotals,
  type PurchaseOrderBody,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { purchasingErrors as errors } from './purchasing.errors';
import { findItems, findLocation, findSupplier } from './purchasing.repository';
import { lockRequisitions, type RequisitionLineRow, requisitionLineRows } from './requisitions.repository';
import { assertWholeUnits } from './requisitions.service';

type PlannedLine = {
  itemId: string;
  description: string | null;
  qtyMilli: number;
  unitCents: number;
  taxBp: number;
  requisitionLineId: string | null;
};

/** Line totals and order totals in integer cents (ADR 0013): net per line, tax per line rounded. */
/** Whether an order's total is above its department's approval threshold (cents, exact). */
export function needsApproval(facts: { total: string; threshold: string }): boolean {
  return decimalToCents(facts.total) > decimalToCents(facts.threshold);
}

export function computeTotals(lines: PlannedLine[]): { lineTotals: number[]; totals: PoTotals; totalCents: number } {
  let subtotal = 0;
  let tax = 0;
  const lineTotals = lines.map((line, index) => {
    let net: number;
    try {
      net = lineNetCents(line.qtyMilli, line.unitCents);
    } catch {
      throw errors.amountTooLarge(`lines.${index}.unitPrice`);
    }
    if (net > MAX_CENTS) throw errors.amountTooLarge(`lines.${index}.unitPrice`);
    subtotal += net;
    tax += lineTaxCents(net, line.taxBp);
    return net;
  });
  const total = subtotal + tax;
  if (total > MAX_CENTS * 100) throw errors.amountTooLarge('lines');
  return {
    lineTotals,
    totals: { subtotal: centsToDecimal(subtotal), tax: centsToDecimal(tax), total: centsToDecimal(total) },
    totalCents: total,
  };
}

/**
 * The order's lines: as given (each matched to an open line of the chosen requisitions for the
 * same item, unless it names one), or, with no lines, the requisitions' open quantities at their
 * estimated prices.
 */
export async function planLines(
  db: DbOrTx,
  body: PurchaseOrderBody,
): Promise<{ lines: PlannedLine[]; requisitionIds: string[]; departmentId: string | null }> {
  const requisitionIds = [...new Set(body.requisitionIds ?? [])];
  const heads = await lockRequisitions(db, requisitionIds);
  if (heads.length !== requisitionIds.length) throw errors.requisitionsNotFound();
  const reqLines = await requisitionLineRows(db, requisitionIds);
  for (const head of heads) {
    if (head.status !== 'approved') throw errors.requisitionNotApproved(head.req_number ?? head.id, head.status);
  }
  const departments = [...new Set(heads.map((h) => h.department_id))];
  const departmentId = body.departmentId ?? (departments.length === 1 ? (departments[0] as string) : null);
  const open = reqLines.filter((l) => qtyToMilli(l.qty_ordered) < qtyToMilli(l.qty_requested));

  if (!body.lines || body.lines.length === 0) {
    if (requisitionIds.length === 0) throw errors.linesRequired();
    if (open.length === 0) throw errors.requisitionFullyOrdered();
    return {
      departmentId,
      requisitionIds,
      lines: open.map((l: RequisitionLineRow) => ({
        itemId: l.item_id,
        description: null,
        qtyMilli: qtyToMilli(l.qty_requested) - qtyToMilli(l.qty_ordered),
        unitCents: decimalToCents(l.est_unit_price),
        taxBp: 0,
        requisitionLineId: l.id,
      })),
    };
  }

  const items = new Map((await findItems(db, [...new Set(body.lines.map((l) => l.itemId))])).map((i) => [i.id, i]));
  const missing: Record<string, string> = {};
  body.lines.forEach((line, index) => {
    if (!items.has(line.itemId)) missing[`lines.${index}.itemId`] = 'Item not found';
  });
  if (Object.keys(missing).length > 0) throw errors.itemsNotFound(missing);
  assertWholeUnits(
    body.lines.map((l) => ({ itemId: l.itemId, qtyMilli: l.qtyOrdered })),
    items,
    'qtyOrdered',
  );

  const used = new Set<string>();
  const planned = body.lines.map((line, index): PlannedLine => {
    let requisitionLineId: string | null = null;
    if (line.requisitionLineId) {
      const named = reqLines.find((l) => l.id === line.requisitionLineId && l.item_id === line.itemId);
      if (!named) throw errors.requisitionLineMismatch(`lines.${index}.requisitionLineId`);
      requisitionLineId = named.id;
    } else {
      const match = open.find((l) => l.item_id === line.itemId && !used.has(l.id));
      requisitionLineId = match?.id ?? null;
    }
    if (requisitionLineId) used.add(requisitionLineId);
    return {
      itemId: line.itemId,
      description: line.description || null,
      qtyMilli: line.qtyOrdered,
      unitCents: line.unitPrice,
      taxBp: line.taxRate ?? 0,
      requisitionLineId,
    };
  });
  assertWithinRequisitions(planned, reqLines, heads);
  return { lines: planned, requisitionIds, departmentId };
}

/**
 * Issue #30 item 6: a line tied to a requisition line orders no more than that line's approved
 * quantity not yet ordered (orders that went out count; drafts do not, so sending checks again:
 * sendPurchaseOrder). Several lines tied to one requisition line count together.
 */
function assertWithinRequisitions(
  lines: PlannedLine[],
  reqLines: RequisitionLineRow[],
  heads: Array<{ id: string; req_number: string | null }>,
): void {
  const byId = new Map(reqLines.map((l) => [l.id, l]));
  const taken = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    if (!line.requisitionLineId) continue;
    const reqLine = byId.get(line.requisitionLineId);
    if (!reqLine) continue;
    const total = (taken.get(reqLine.id) ?? 0) + line.qtyMilli;
    taken.set(reqLine.id, total);
    const open = Math.max(0, qtyToMilli(reqLine.qty_requested) - qtyToMilli(reqLine.qty_ordered));
    if (total > open) {
      const number = heads.find((h) => h.id === reqLine.requisition_id)?.req_number ?? 'its requisition';
      throw errors.requisitionLineExceeded(
        `lines.${index}.qtyOrdered`,
        `Only ${formatQty(open)} ${reqLine.uom} of ${reqLine.name} can still be ordered on ${number} (approved: ${formatQty(reqLine.qty_requested)}).`,
      );
    }
  }
}

export function storedLines(lines: PlannedLine[], lineTotals: number[]) {
  return lines.map((line, index) => ({
    itemId: line.itemId,
    description: line.description,
    qtyOrdered: milliToQty(line.qtyMilli),
    unitPrice: centsToDecimal(line.unitCents),
    taxRate: centsToDecimal(line.taxBp),
    lineTotal: centsToDecimal(lineTotals[index] ?? 0),
    requisitionLineId: line.requisitionLineId,
  }));
}

/** The supplier and the delivery location exist (creating and editing a draft check the same). */
export async function checkOrderRefs(db: DbOrTx, body: PurchaseOrderBody): Promise<void> {
  if (!(await findSupplier(db, body.supplierId))) throw errors.supplierNotFound();
  if (body.deliveryLocationId && !(await findLocation(db, body.deliveryLocationId))) {
    throw errors.deliveryLocationNotFound();
  }
}
