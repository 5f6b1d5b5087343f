import { randomUUID } from 'node:crypto';
import {
  type DiscountInput,
  displayName,
  HELD_SALE_ACTIVITY,
  HELD_SALE_MESSAGES,
  HELD_SALES_PER_STORE,
  type HeldSale,
  type HeldSaleLine,
  type HeldSalesChoiceBody,
  type HoldSaleBody,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { recordActivity } from '../activity/index';
import type { GrantedApproval } from '../auth/index';
import type { EventBus } from '../events/index';
import {
  discardWaitingOfShift,
  findHeldSaleById,
  type HeldSaleRow,
  type HeldSaleWithCreator,
  insertHeldSale,
  knownProductCount,
  lockOpenShiftOf,
  lockStoreForHolds,
  openShiftStoreOf,
  takeHeldSale,
  waitingAtStore,
  waitingCountAtStore,
  waitingCountOfOpenShift,
  waitingOfShift,
} from './held-sales.repository';
import { posErrors } from './pos.errors';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales, open tickets. A till parks its cart under a name or
 * a table number; any till of the same store resumes it (takes it: one conditional update, so of
 * two tills resuming one, one wins and the other gets 404). No stock moves and nothing is priced:
 * the till re-reads the prices on resume and the sale is priced by the server when it is paid.
 * A shift cannot end with held sales of its own waiting unless a manager keeps or discards them.
 */

type Deps = { db: DbOrTx; events: EventBus };

export const heldSaleErrors = {
  notFound: () => new AppError(404, 'pos.held_sale_gone', HELD_SALE_MESSAGES.notFound),
  storeFull: () => conflict('pos.held_sales_full', HELD_SALE_MESSAGES.storeFull),
  idTaken: () => conflict('pos.held_sale_id_taken', 'A held sale with this id already exists.'),
  unresolved: (count: number) => conflict('pos.held_sales_unresolved', HELD_SALE_MESSAGES.unresolved(count)),
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim() || null;

function toHeldSale(row: HeldSaleRow, creator: { firstName: string | null; lastName: string | null }): HeldSale {
  return {
    id: row.id,
    storeId: row.storeId,
    shiftId: row.shiftId,
    terminalId: row.terminalId,
    label: row.label,
    lines: row.lines as HeldSaleLine[],
    discount: (row.discount as DiscountInput | null) ?? null,
    createdBy: row.createdBy,
    createdByName: fullName(creator.firstName, creator.lastName),
    createdAt: row.createdAt.toISOString(),
  };
}

const fromJoined = (r: HeldSaleWithCreator) => toHeldSale(r.held, r);

/** GET /api/held-sales: the waiting held sales of the caller's open shift's store (none without a shift). */
export async function listHeldSales(deps: Deps, user: AuthUser): Promise<HeldSale[]> {
  const storeId = await openShiftStoreOf(deps.db, user.id);
  if (!storeId) return [];
  return (await waitingAtStore(deps.db, storeId)).map(fromJoined);
}

/**
 * POST /api/held-sales: holds the cart in the caller's open shift at its store. The same `id` sent
 * again (the outbox resending a hold made offline) answers the stored one (`replayed`).
 */
export async function holdSale(
  deps: Deps,
  user: AuthUser,
  body: HoldSaleBody,
  now: Date = new Date(),
): Promise<{ replayed: boolean; held: HeldSale }> {
  const productIds = [...new Set(body.lines.map((l) => l.productId))];
  const outcome = await deps.db.transaction(async (tx) => {
    const shift = await lockOpenShiftOf(tx, user.id);
    if (!shift) throw posErrors.shiftRequired();
    if (body.id) {
      const existing = await findHeldSaleById(tx, body.id);
      if (existing) {
        if (existing.held.createdBy !== user.id) throw heldSaleErrors.idTaken();
        return { replayed: true, id: body.id };
      }
    }
    if ((await knownProductCount(tx, productIds)) !== productIds.length) throw posErrors.unknownProduct();
    await lockStoreForHolds(tx, shift.storeId);
    if ((await waitingCountAtStore(tx, shift.storeId)) >= HELD_SALES_PER_STORE) throw heldSaleErrors.storeFull();
    // A hold made offline keeps when it was made, never before its shift nor in the future.
    const sent = body.heldAt ? Date.parse(body.heldAt) : now.getTime();
    const createdAt = new Date(Math.max(shift.startedAt.getTime(), Math.min(sent, now.getTime())));
    const id = body.id ?? randomUUID();
    const inserted = await insertHeldSale(tx, {
      id,
      storeId: shift.storeId,
      shiftId: shift.id,
      terminalId: body.terminalId?.toLowerCase() ?? null,
      label: body.label,
      lines: body.lines.map((l) => ({
        productId: l.productId,
        productName: l.productName ?? null,
        variantId: l.variantId ?? null,
        variantName: l.variantName ?? null,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount ?? null,
        ...(l.modifiers?.length ? { modifiers: l.modifiers } : {}),
      })),
      discount: body.discount ?? null,
      createdBy: user.id,
      createdAt,
    });
    // Two sends of one hold at once: the other one stored it.
    if (!inserted) return { replayed: true, id };
    return { replayed: false, id };
  });
  const row = await findHeldSaleById(deps.db, outcome.id);
  if (!row) throw heldSaleErrors.notFound();
  if (!outcome.replayed) void deps.events.publish('held-sale.changed', [outcome.id]);
  return { replayed: outcome.replayed, held: fromJoined(row) };
}

/**
 * DELETE /api/held-sales/:id: resumes (takes) a waiting held sale of the caller's store. The till
 * loads what it answers; a second till asking for the same one gets 404.
 */
export async function resumeHeldSale(deps: Deps, user: AuthUser, id: string): Promise<HeldSale> {
  const taken = await deps.db.transaction(async (tx) => {
    const shift = await lockOpenShiftOf(tx, user.id);
    if (!shift) throw posErrors.shiftRequired();
    return takeHeldSale(tx, { id, storeId: shift.storeId, userId: user.id });
  });
  if (!taken) throw heldSaleErrors.notFound();
  void deps.events.publish('held-sale.changed', [id]);
  const row = await findHeldSaleById(deps.db, id);
  return row ? fromJoined(row) : toHeldSale(taken, { firstName: null, lastName: null });
}

/** How many held sales of the user's open shift are waiting (0 without an open shift). */
export function waitingHeldSalesOfOpenShift(db: DbOrTx, userId: string): Promise<number> {
  return waitingCountOfOpenShift(db, userId);
}

export type HeldSalesDecision = {
  choice: HeldSalesChoiceBody;
  actor: AuthUser;
  /** The manager whose PIN approved the choice; null when the actor's own role may choose. */
  approver: AuthUser | null;
  /**
   * The PIN check's 'approval_granted' row (null without a PIN), written here in the shift's closing
   * transaction with what it approved, so the feed never shows an approval of an end that rolled back.
   */
  granted: GrantedApproval | null;
  facts: { ipAddress: string | null; userAgent: string | null };
};

/**
 * Inside the end of a shift (its row already updated, so no hold can join it): its waiting held
 * sales need a manager's decision. None waiting: nothing to do. Waiting and no decision: 409 (the
 * shift's end rolls back). Keep: they stay for the next shift (one activity row). Discard: each is
 * marked discarded with the reason (an activity row each). Returns the ids decided on.
 */
export async function settleHeldSalesOfShift(
  tx: DbOrTx,
  shiftId: number,
  decision: HeldSalesDecision | null,
): Promise<string[]> {
  const waiting = await waitingOfShift(tx, shiftId);
  if (waiting.length === 0) return [];
  if (!decision) throw heldSaleErrors.unresolved(waiting.length);
  const { choice, actor, approver, granted, facts } = decision;
  if (granted) await recordActivity(tx, { userId: actor.id, ...granted });
  const who = {
    approverId: approver?.id ?? null,
    approverName: approver ? displayName(approver) : null,
  };
  if (choice.action === 'keep') {
    await recordActivity(tx, {
      userId: actor.id,
      activityType: HELD_SALE_ACTIVITY.kept,
      ...facts,
      details: { shiftId, heldSaleIds: waiting.map((h) => h.id), labels: waiting.map((h) => h.label), ...who },
    });
    return waiting.map((h) => h.id);
  }
  const reason = choice.reason ?? '';
  const discarded = await discardWaitingOfShift(tx, { shiftId, userId: actor.id, reason });
  for (const h of discarded) {
    await recordActivity(tx, {
      userId: actor.id,
      activityType: HELD_SALE_ACTIVITY.discarded,
      ...facts,
      details: { shiftId, heldSaleId: h.id, label: h.label, lines: h.lines, reason, ...who },
    });
  }
  return discarded.map((h) => h.id);
}
