import { type ModifierGroup, type TenderMethod, taxRateHundredths } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstRow } from '../../db/rows';
import { MODIFIER_GROUPS_OF_PRODUCT } from '../catalog/index';
import { type HotStatement, runHot } from './hot-statement';
import type { SaleProduct, SaleVariant, StockNeed } from './sale-pricing';

/**
 * What a line's price depends on, as a fingerprint the write compares (spec §9 Size option
 * prices). A line without a size depends only on the product's name, price and active flag
 * ('p:'); a line with a size also on the 'has size options' flag, the category name and the size
 * options ('s:'), which decide whether and at what price the size is offered. Stock is left
 * out: it moves with every sale. The prefix tells the write which fingerprint to recompute, so
 * plain lines skip the size-option lookups.
 *
 * Issue #32 item 2: a sale is priced at its shift's store, so both fingerprints also cover that
 * store's id and the product's own price and availability there (store_products): an override
 * changed between pricing and writing, or a sale priced for another store than its shift's,
 * answers 'repriced'. `store` is the SQL naming the store (a parameter, or the shift's).
 */
const storeFacts = (store: string) =>
  `${store}, (select json_build_array(sp.price::text, sp.is_available) from store_products sp
                where sp.store_id = ${store} and sp.product_id = p.id),
   ${TAX_RATE_OF_PRODUCT}, ${pricesIncludeTaxAt(store)}`;

/**
 * Issue #34 item 2 (ADR 0030): a line's effective sales tax rate (the product's own rate, else its
 * category's, else 0) and whether the store's prices include tax (its own setting, else the
 * installation's `pos_settings` 'tax', else exclusive). Both are priced with the catalogue and
 * covered by the fingerprints, so a rate or setting changed between pricing and writing answers
 * 'repriced' like a changed price.
 */
const TAX_RATE_OF_PRODUCT = `coalesce((select r.rate from tax_rates r
     where r.id = coalesce(p.tax_rate_id, (select c.tax_rate_id from categories c where c.id = p.category_id))), 0)::text`;
const pricesIncludeTaxAt = (store: string) =>
  `coalesce((select st2.prices_include_tax from stores st2 where st2.id = ${store}),
            (select (ps.value ->> 'pricesIncludeTax')::boolean from pos_settings ps where ps.key = 'tax'), false)`;
const plainFingerprint = (store: string) =>
  `'p:' || md5(json_build_array(p.name, p.price::text, p.is_active, ${storeFacts(store)})::text)`;
const sizedFingerprint = (store: string) => `'s:' || md5(json_build_array(
    p.name, p.price::text, p.is_active, p.has_variants,
    (select c.name from categories c where c.id = p.category_id),
    (select coalesce(json_agg(json_build_array(v.id, v.name, v.price::text, v.is_active) order by v.id), '[]'::json)
       from product_variants v where v.product_id = p.id),
    ${storeFacts(store)}
  )::text)`;

/**
 * A product with modifier groups is priced with 'm:' (the sized facts and its groups and options),
 * so an option re-priced or removed between pricing and writing answers 'repriced'. Products
 * without groups keep 'p:'/'s:': their sales compute nothing more.
 */
const modifiedFingerprint = (store: string) =>
  `'m:' || md5(${sizedFingerprint(store)} || ${MODIFIER_GROUPS_OF_PRODUCT}::text)`;

/**
 * Issue #32 item 2: the price charged at the store is its own price when it has one, else the
 * product's (size options' stored prices stay; the category's rule sizes follow the price
 * charged); `isAvailable` false when the store does not sell the product.
 */
const LOAD_PRICING: HotStatement = {
  name: 'pos_load_pricing',
  types: ['uuid[]', 'uuid'],
  text: `
  select p.id, p.name, coalesce(sp.price, p.price)::text as price, p.is_active as "isActive",
         coalesce(sp.is_available, true) as "isAvailable",
         p.has_variants as "hasVariants",
         (select c.name from categories c where c.id = p.category_id) as "categoryName",
         (select coalesce(json_agg(json_build_object(
                   'id', v.id, 'productId', v.product_id, 'name', v.name, 'price', v.price::text,
                   'isActive', v.is_active, 'sortOrder', v.sort_order) order by v.id), '[]'::json)
            from product_variants v where v.product_id = p.id) as "variants",
         ${TAX_RATE_OF_PRODUCT} as "taxRate",
         ${pricesIncludeTaxAt('$2::uuid')} as "pricesIncludeTax",
         ${plainFingerprint('$2::uuid')} as "plainFingerprint",
         ${sizedFingerprint('$2::uuid')} as "sizedFingerprint",
         ${MODIFIER_GROUPS_OF_PRODUCT} as "modifierGroups",
         ${modifiedFingerprint('$2::uuid')} as "modifiedFingerprint"
    from products p
    left join store_products sp on sp.store_id = $2::uuid and sp.product_id = p.id
   where p.id = any($1::uuid[])`,
};

/** The catalogue facts a sale is priced from, with their fingerprints. */
export type PricingEntry = {
  product: SaleProduct;
  variants: SaleVariant[];
  /** `modified`: that of a product with modifier groups (issue #35 item 1), whatever its lines carry. */
  fingerprints: { plain: string; sized: string; modified: string };
};

/** Pricing facts of the given products at a store, read straight from the tables (one round trip). */
export async function loadPricing(
  database: Database,
  storeId: string,
  productIds: readonly string[],
): Promise<PricingEntry[]> {
  const rows = await runHot(database, LOAD_PRICING, [productIds, storeId]);
  return rows.map((r) => ({
    product: {
      id: r.id as string,
      name: r.name as string,
      price: r.price as string,
      isActive: r.isActive as boolean,
      isAvailable: r.isAvailable as boolean,
      hasVariants: r.hasVariants as boolean,
      categoryName: (r.categoryName as string | null) ?? null,
      taxRate: taxRateHundredths(r.taxRate as string) ?? 0,
      pricesIncludeTax: r.pricesIncludeTax === true,
      modifierGroups: r.modifierGroups as ModifierGroup[],
    },
    variants: r.variants as SaleVariant[],
    fingerprints: {
      plain: r.plainFingerprint as string,
      sized: r.sizedFingerprint as string,
      modified: r.modifiedFingerprint as string,
    },
  }));
}

/** A tender as the sale's statement (and the offline writer) stores it: a transaction_payments row. */
export type TenderRow = {
  method: TenderMethod;
  amount: string;
  cardFee: string;
  referenceCode: string | null;
  amountReceived: string | null;
  /** Issue #34 item 3: the account an 'account' tender charges (null or absent for the others). */
  accountId?: string | null;
};

export type SaleWrite = {
  userId: string;
  /**
   * The session the sale is made in (its sid): the statement writes nothing unless it is live
   * (exists, not expired, its user active), so the sale needs no separate session lookup (issue
   * #38 item 5, ADR 0028).
   */
  sessionId: string;
  idempotencyKey: string;
  subtotal: string;
  tax: string;
  total: string;
  paymentMethod: TenderMethod;
  referenceCode: string | null;
  notes: string | null;
  amountReceived: string | null;
  /** Issue #34 item 3 (ADR 0034): the customer attached to the sale. */
  customerId?: string | null;
  /** Issue #34 item 2 (ADR 0030): Σ the lines' sales tax, and whether the prices included it. */
  salesTax: string;
  pricesIncludeTax: boolean;
  /**
   * Issue #34 item 1 (docs/adr/0029): the sale's tenders in the order taken, one row each in
   * transaction_payments (one for a one-method sale), written by this same statement.
   */
  tenders: ReadonlyArray<TenderRow>;
  /** The fingerprint each product was priced with. */
  pricedWith: ReadonlyArray<{ productId: string; fingerprint: string }>;
  needs: readonly StockNeed[];
  /** Issue #15 item 7 (ADR 0019): every discount of the sale, and the whole-sale one. */
  discountTotal: string;
  saleDiscount: DiscountColumns;
  /** The manager whose PIN approved a discount above the seller's cap. */
  discountApprovedBy: string | null;
  /**
   * Activity rows written with the sale, under its cashier, only when it is recorded: the manager's
   * 'approval_granted' and the 'discount_over_cap' of a discount above the cap; empty when none.
   * Each row's details gain the sale's transactionId and transactionNumber.
   */
  approvalActivity: ReadonlyArray<{
    activityType: string;
    ipAddress: string | null;
    userAgent: string | null;
    details: Record<string, unknown>;
  }>;
  lines: ReadonlyArray<{
    productId: string;
    variantId: string | null;
    variantName: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
    discount: DiscountColumns;
    saleDiscountShare: string;
    /** Issue #34 item 2: the rate the line is charged ('10.00') and its sales tax. */
    taxRate: string;
    tax: string;
    /** Issue #35 item 1: the modifiers as charged (snapshots); null or absent for a line without. */
    modifiers?: ReadonlyArray<{ optionId: string; groupName: string; name: string; price: string }> | null;
  }>;
};

/** A discount as given (type and value, null when none) and the money it came to. */
export type DiscountColumns = { type: string | null; value: string | null; amount: string };

export type SaleWriteResult =
  /** The session ended (sign-out, disable, role or PIN change, expiry): nothing written, 401. */
  | { outcome: 'signed_out' }
  | { outcome: 'recorded'; id: string; createdAt: Date; shiftId: number }
  | { outcome: 'already_recorded'; existing: { id: string; userId: string } }
  | { outcome: 'no_open_shift' }
  | { outcome: 'repriced' }
  /** Issue #34 item 3 (ADR 0034): an account tender would take its account above its credit limit. */
  | { outcome: 'account_limit'; accountId: string; available: string }
  | { outcome: 'short'; need: StockNeed; available: number };

/** The store the sale's shift sells at, inside WRITE_SALE (issue #32 item 2). */
const SHIFT_STORE = '(select s.store_id from shift s)';

/**
 * The whole sale as ONE statement: one database transaction (autocommit) and one round trip, on
 * PostgreSQL and PGlite alike. Nothing is written unless every condition holds:
 * - the session ($32) is live: its row exists (sign-out, role or PIN change delete it), it has not
 *   expired (idle or absolute end) and its user is active (issue #38 item 5, ADR 0028: the request
 *   made no other round trip to check it);
 * - no sale has this Idempotency-Key yet (a concurrent duplicate fails on the unique index, 23505);
 * - the cashier has an open shift, locked FOR SHARE, so ending the shift waits for this sale and a
 *   sale cannot land in a shift that has just closed;
 * - the catalogue still has the fingerprints the sale was priced with (else 'repriced');
 * - the stock levels of the lines' items (each product's and stored size option's one item) at the
 *   shift's store's selling location, locked in item-id order (the same order in every sale and
 *   in `applyStockDeltas`, so two never deadlock), cover every quantity.
 * Then the levels are decremented with conditional updates (architecture guide, Data:
 * `on_hand_qty >= q`, never read-then-write in JavaScript), the transaction and its lines are
 * inserted, and one 'sale' row per level is appended to the one stock ledger
 * (`proc_inventory_transactions`, issue #32, docs/adr/0025), so a level and the sum of its ledger
 * never disagree, even for a moment. Cost (issue #37, ADR 0036): what leaves goes at the locked
 * level's moving average, read from the row this statement already locks: the level's
 * `stock_value` falls by quantity × average, and the ledger row and the line (`unit_cost`) record it.
 *
 * Parameters: $1 user, $2 idempotency key, $3 subtotal, $4 tax, $5 total, $6 payment method,
 * $7 reference, $8 notes, $9 amount received, $10/$11 priced product ids/fingerprints,
 * $12/$13 product stock ids/quantities, $14/$15 size-option stock ids/quantities,
 * $16-$21 the lines (product, variant, variant name, quantity, unit price, total price),
 * $22 discount total, $23-$25 the sale discount (type, value, amount), $26 its approver,
 * $27 the activity rows written with the sale (a JSON array of approval_granted and discount_over_cap;
 * null: none), $28-$31 the lines'
 * discounts (type, value, amount, share of the sale discount). Issue #15 item 7, ADR 0019.
 * $32 the session's sid. $33-$37 the tenders (method, amount, card fee, reference code, cash
 * received), one transaction_payments row each, numbered 1, 2, … in order (issue #34, ADR 0029).
 * $38 the sales tax, $39 whether the prices include it, $40/$41 the lines' tax rates and taxes
 * (issue #34 item 2, ADR 0030; 0, false and zeros while nothing is taxed).
 * $42 each tender's account (null but for an 'account' tender) and $43 the sale's customer (issue
 * #34 item 3, ADR 0034): the accounts charged are locked in id order (BEFORE the stock levels: see ADR 0034 §2) and the
 * sale is covered only if every charge keeps its account within its credit limit; then one
 * conditional update per account raises the balance (`balance + x <= credit_limit`) and
 * account_entries gains one 'charge' row per account tender.
 * $44 the lines' modifiers (issue #35 item 1, ADR 0035): a JSON array with one entry per line (its
 * modifiers, or null), or null when no line has any: a sale without modifiers sends one null.
 */
const WRITE_SALE: HotStatement = {
  name: 'pos_write_sale',
  types: [
    'uuid',
    'uuid',
    'numeric',
    'numeric',
    'numeric',
    'payment_method',
    'text',
    'text',
    'numeric',
    'uuid[]',
    'text[]',
    'uuid[]',
    'int[]',
    'uuid[]',
    'int[]',
    'uuid[]',
    'uuid[]',
    'text[]',
    'int[]',
    'numeric[]',
    'numeric[]',
    'numeric',
    'text',
    'numeric',
    'numeric',
    'uuid',
    'jsonb',
    'text[]',
    'numeric[]',
    'numeric[]',
    'numeric[]',
    'text',
    'payment_method[]',
    'numeric[]',
    'numeric[]',
    'text[]',
    'numeric[]',
    'numeric',
    'boolean',
    'numeric[]',
    'numeric[]',
    'uuid[]',
    'uuid',
    'jsonb',
  ],
  text: `
  with session as materialized (
    select 1
      from sessions se join users u on u.id = se.user_id
     where se.sid = $32::text and se.user_id = $1::uuid and u.is_active
       and se.expire > now() and (se.sess ->> 'absoluteExpire')::timestamptz > now()
  ), existing as materialized (
    select id, user_id from transactions where idempotency_key = $2::uuid
  ), shift as materialized (
    select sh.id, sh.store_id, st.selling_location_id as location_id
      from shifts sh join stores st on st.id = sh.store_id
     where sh.cashier_id = $1::uuid and sh.is_open and exists (select 1 from session)
       for share of sh
  ), repriced as materialized (
    select 1
      from unnest($10::uuid[], $11::text[]) as f(id, fingerprint)
      left join products p on p.id = f.id
     where p.id is null
        or (case left(f.fingerprint, 2) when 's:' then ${sizedFingerprint(SHIFT_STORE)}
                 when 'm:' then ${modifiedFingerprint(SHIFT_STORE)}
                 else ${plainFingerprint(SHIFT_STORE)} end)
           is distinct from f.fingerprint
  ), need as materialized (
    select n.id, n.quantity, i.id as item_id
      from unnest($12::uuid[], $13::int[]) as n(id, quantity) left join proc_items i on i.pos_product_id = n.id
    union all
    select n.id, n.quantity, i.id
      from unnest($14::uuid[], $15::int[]) as n(id, quantity) left join proc_items i on i.pos_variant_id = n.id
  ), level_row as materialized (
    select l.id, l.item_id, l.location_id, l.on_hand_qty, l.avg_cost
      from proc_stock_levels l
     where l.location_id = (select location_id from shift)
       and l.item_id = any(array(select item_id from need where item_id is not null))
     order by l.item_id
       for no key update
  ), charge as materialized (
    select p.account_id, sum(p.amount) as amount
      from unnest($42::uuid[], $34::numeric[]) as p(account_id, amount)
     where p.account_id is not null
     group by p.account_id
  ), account_row as materialized (
    select a.id, a.balance, a.credit_limit
      from accounts a
     where a.id = any(array(select account_id from charge))
     order by a.id
       for no key update
  ), over_limit as materialized (
    select c.account_id, coalesce(r.credit_limit - r.balance, 0) as available
      from charge c left join account_row r on r.id = c.account_id
     where r.id is null or r.balance + c.amount > r.credit_limit
  ), covered as materialized (
    select exists (select 1 from session)
       and not exists (select 1 from existing)
       and exists (select 1 from shift)
       and not exists (select 1 from repriced)
       and not exists (select 1 from need n left join level_row r on r.item_id = n.item_id
                        where r.on_hand_qty is null or r.on_hand_qty < n.quantity)
       and not exists (select 1 from over_limit) as ok
  ), level_stock as (
    update proc_stock_levels as l set on_hand_qty = l.on_hand_qty - n.quantity,
           stock_value = l.stock_value - n.quantity * l.avg_cost, updated_at = now()
      from need n, level_row r
     where r.item_id = n.item_id and l.id = r.id and l.on_hand_qty >= n.quantity and (select ok from covered)
    returning l.item_id, l.location_id, n.quantity, l.avg_cost
  ), sale as (
    insert into transactions (user_id, shift_id, subtotal, tax, total, payment_method, reference_code,
                              notes, amount_received, idempotency_key, discount_total, sale_discount_type,
                              sale_discount_value, sale_discount, discount_approved_by, sales_tax,
                              prices_include_tax, customer_id)
    select $1::uuid, shift.id, $3::numeric, $4::numeric, $5::numeric, $6::payment_method, $7::text,
           $8::text, $9::numeric, $2::uuid, $22::numeric, $23::text, $24::numeric, $25::numeric, $26::uuid,
           $38::numeric, $39::boolean, $43::uuid
      from shift
     where (select ok from covered)
    returning id, shift_id, created_at
  ), lines as (
    insert into transaction_items (transaction_id, product_id, variant_id, variant_name, quantity,
                                   unit_price, total_price, line_no, discount_type, discount_value, discount,
                                   sale_discount_share, tax_rate, tax, unit_cost, modifiers)
    select sale.id, l.product_id, l.variant_id, l.variant_name, l.quantity, l.unit_price, l.total_price,
           l.line_no - 1, l.discount_type, l.discount_value, l.discount, l.sale_discount_share, l.tax_rate, l.tax,
           (select r.avg_cost from need n join level_row r on r.item_id = n.item_id
             where n.id = l.variant_id or n.id = l.product_id
             order by n.id = l.variant_id desc limit 1),
           nullif($44::jsonb -> (l.line_no - 1)::int, 'null'::jsonb)
      from sale,
           unnest($16::uuid[], $17::uuid[], $18::text[], $19::int[], $20::numeric[], $21::numeric[],
                  $28::text[], $29::numeric[], $30::numeric[], $31::numeric[], $40::numeric[], $41::numeric[])
             with ordinality as l(product_id, variant_id, variant_name, quantity, unit_price, total_price,
                                  discount_type, discount_value, discount, sale_discount_share, tax_rate, tax,
                                  line_no)
  ), payments as (
    insert into transaction_payments (transaction_id, seq, method, amount, card_fee, reference_code, amount_received,
                                      account_id)
    select sale.id, p.seq, p.method, p.amount, p.card_fee, p.reference_code, p.amount_received, p.account_id
      from sale,
           unnest($33::payment_method[], $34::numeric[], $35::numeric[], $36::text[], $37::numeric[], $42::uuid[])
             with ordinality as p(method, amount, card_fee, reference_code, amount_received, account_id, seq)
  ), account_charge as (
    update accounts as a set balance = a.balance + c.amount, updated_at = now()
      from charge c, account_row r
     where r.id = c.account_id and a.id = r.id and a.balance + c.amount <= a.credit_limit and (select ok from covered)
    returning a.id
  ), account_ledger as (
    insert into account_entries (account_id, kind, amount, transaction_id, tender_seq, created_by, created_at)
    select p.account_id, 'charge', p.amount, sale.id, p.seq, $1::uuid, sale.created_at
      from sale, unnest($42::uuid[], $34::numeric[]) with ordinality as p(account_id, amount, seq)
     where p.account_id is not null
  ), approval_activity as (
    insert into user_activity (user_id, activity_type, ip_address, user_agent, details)
    select $1::uuid, a.entry ->> 'activityType', a.entry ->> 'ipAddress', a.entry ->> 'userAgent',
           (a.entry -> 'details')
             || jsonb_build_object('transactionId', sale.id, 'transactionNumber', upper(right(sale.id::text, 6)))
      from sale, jsonb_array_elements($27::jsonb) as a(entry)
     where $27::jsonb is not null
  ), movements as (
    insert into proc_inventory_transactions (item_id, from_location_id, qty, reason, ref_table, ref_id, created_by,
                                             created_at, unit_cost)
    select m.item_id, m.location_id, m.quantity, 'sale', 'transaction', sale.id, $1::uuid, sale.created_at, m.avg_cost
      from sale, level_stock m
  )
  select exists (select 1 from session) as "sessionLive",
         (select json_build_object('id', id, 'userId', user_id) from existing) as "existing",
         exists (select 1 from shift) as "shiftOpen",
         exists (select 1 from repriced) as "repriced",
         (select json_build_object('accountId', account_id, 'available', available::text) from over_limit limit 1)
           as "overLimit",
         (select id from sale) as "id",
         (select shift_id from sale) as "shiftId",
         (select created_at from sale) as "createdAt",
         (select coalesce(json_agg(json_build_object('id', n.id, 'stock', coalesce(floor(r.on_hand_qty), 0))), '[]'::json)
            from need n left join level_row r on r.item_id = n.item_id) as "stock"`,
};

export async function writeSale(database: Database, sale: SaleWrite): Promise<SaleWriteResult> {
  const productNeeds = sale.needs.filter((n) => n.table === 'product');
  const variantNeeds = sale.needs.filter((n) => n.table === 'variant');
  const [row] = await runHot(database, WRITE_SALE, [
    sale.userId,
    sale.idempotencyKey,
    sale.subtotal,
    sale.tax,
    sale.total,
    sale.paymentMethod,
    sale.referenceCode,
    sale.notes,
    sale.amountReceived,
    sale.pricedWith.map((p) => p.productId),
    sale.pricedWith.map((p) => p.fingerprint),
    productNeeds.map((n) => n.id),
    productNeeds.map((n) => n.quantity),
    variantNeeds.map((n) => n.id),
    variantNeeds.map((n) => n.quantity),
    sale.lines.map((l) => l.productId),
    sale.lines.map((l) => l.variantId),
    sale.lines.map((l) => l.variantName),
    sale.lines.map((l) => l.quantity),
    sale.lines.map((l) => l.unitPrice),
    sale.lines.map((l) => l.totalPrice),
    sale.discountTotal,
    sale.saleDiscount.type,
    sale.saleDiscount.value,
    sale.saleDiscount.amount,
    sale.discountApprovedBy,
    sale.approvalActivity.length === 0 ? null : JSON.stringify(sale.approvalActivity),
    sale.lines.map((l) => l.discount.type),
    sale.lines.map((l) => l.discount.value),
    sale.lines.map((l) => l.discount.amount),
    sale.lines.map((l) => l.saleDiscountShare),
    sale.sessionId,
    sale.tenders.map((t) => t.method),
    sale.tenders.map((t) => t.amount),
    sale.tenders.map((t) => t.cardFee),
    sale.tenders.map((t) => t.referenceCode),
    sale.tenders.map((t) => t.amountReceived),
    sale.salesTax,
    String(sale.pricesIncludeTax), // text (a literal of the PGlite path), cast to boolean
    sale.lines.map((l) => l.taxRate),
    sale.lines.map((l) => l.tax),
    sale.tenders.map((t) => t.accountId ?? null),
    sale.customerId ?? null,
    sale.lines.some((l) => l.modifiers?.length)
      ? JSON.stringify(sale.lines.map((l) => (l.modifiers?.length ? l.modifiers : null)))
      : null,
  ]);
  const result = row as {
    sessionLive: boolean;
    existing: { id: string; userId: string } | null;
    shiftOpen: boolean;
    repriced: boolean;
    overLimit: { accountId: string; available: string } | null;
    id: string | null;
    shiftId: number | null;
    createdAt: string | Date | null;
    stock: Array<{ id: string; stock: number }>;
  };
  if (!result.sessionLive) return { outcome: 'signed_out' };
  if (result.existing) return { outcome: 'already_recorded', existing: result.existing };
  if (result.id && result.createdAt) {
    return {
      outcome: 'recorded',
      id: result.id,
      createdAt: new Date(result.createdAt),
      shiftId: Number(result.shiftId),
    };
  }
  if (!result.shiftOpen) return { outcome: 'no_open_shift' };
  if (result.repriced) return { outcome: 'repriced' };
  if (result.overLimit) return { outcome: 'account_limit', ...result.overLimit };
  // Not covered: name the first line the locked stock could not cover (0 for a row gone meanwhile).
  const stock = new Map(result.stock.map((r) => [r.id, r.stock]));
  const short = sale.needs.find((n) => (stock.get(n.id) ?? 0) < n.quantity) ?? (sale.needs[0] as StockNeed);
  return { outcome: 'short', need: short, available: stock.get(short.id) ?? 0 };
}

/**
 * Issue #34 item 3 (ADR 0034): whether the sale's customer exists and which of its accounts do
 * (one read, only for a sale naming either).
 */
export async function knownCustomerAndAccounts(
  database: Database,
  customerId: string | null,
  accountIds: readonly string[],
): Promise<{ customer: boolean; accounts: string[] }> {
  // The ids were validated as uuids by the body's schema: an array literal of them is safe.
  const row = (await firstRow<{ customer: boolean; accounts: string[] }>(
    database.db,
    sql`select exists (select 1 from customers where id = ${customerId}::uuid) as customer,
               coalesce((select json_agg(id) from accounts where id = any(${`{${accountIds.join(',')}}`}::uuid[])),
                        '[]'::json) as accounts`,
  )) as { customer: boolean; accounts: string[] };
  return { customer: row.customer, accounts: row.accounts };
}
