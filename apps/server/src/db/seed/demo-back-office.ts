import {
  type AssetBody,
  assetBodySchema,
  bomBodySchema,
  clientBodySchema,
  goodsReceiptBodySchema,
  type ItemInput,
  itemBodySchema,
  jobBodySchema,
  jobTransitionBodySchema,
  locationBodySchema,
  materialsBodySchema,
  purchaseOrderBodySchema,
  quoteBodySchema,
  requisitionBodySchema,
  stepBodySchema,
  stepPatchSchema,
  supplierBodySchema,
  transferBodySchema,
} from '@retail-hub/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, localDateOf } from '../../lib/store-time';
import { claimUnit, openCorrectiveJob, registerUnit } from '../../modules/asset-register/index';
import type { EventBus } from '../../modules/events/index';
import {
  acceptQuote,
  addBomLine,
  addStep,
  createClient,
  createJob,
  createQuote,
  issueMaterials,
  sendQuote,
  transitionJob,
  updateStep,
} from '../../modules/jobs/index';
import {
  type Actor,
  createPurchaseOrder,
  createRequisition,
  getPurchaseOrder,
  receiveGoods,
  sendPurchaseOrder,
  submitRequisition,
} from '../../modules/purchasing/index';
import { setStoresOfUser, updateStore } from '../../modules/retail-stores/index';
import { postOpeningStock } from '../../modules/stock/index';
import {
  approveTransfer,
  createTransfer,
  dispatchTransfer,
  receiveTransfer,
  writeItem,
  writeLocation,
  writeSupplier,
} from '../../modules/stores/index';
import type { AuthUser } from '../../types';
import type { Db, DbOrTx } from '../client';
import { assetCheckouts, procDepartments, procItems, procLocations, shifts, stores } from '../schema/index';
import { DEMO_USERS } from './demo-data';
import type { Catalogue, UserIds } from './seed-support';

/**
 * Issue #32 "Demo store": the back office of the demo, so every screen has something true to show.
 * Two cafés (Main Café, Library Café) with their own selling locations and Central Stores; the
 * cashiers limited to one café each; suppliers; café goods received into Central Stores and
 * transferred to the cafés; a requisition awaiting approval; an order partly received; the seeded
 * assets as registered units (the lent ones lent in the register too); a workshop job in progress.
 *
 * Every document and every stock movement goes through the services the API uses (so the ledger
 * and the documents agree, and `npm run audit:stock` finds nothing). Where stock is posted:
 * - goods receipts (`receipt`) into CENTRAL (not a store's selling location: not till stock) and
 *   into ENG-WS (timber for the job);
 * - transfers (`transfer`) CENTRAL → CAFE-MAIN and CENTRAL → CAFE-LIB (one still in transit);
 * - asset units registered by hand (`asset_registered`) at ENG-WS, SCI-LAB-1 and MAIN-AV;
 * - a workshop material issue (`wip_issue`) from ENG-WS.
 * A transfer into a café of an item a product is sold as IS that café's till stock (ADR 0025).
 */

/** Services publish live updates after their commit; inside the seed's transaction nobody listens. */
const quietEvents: EventBus = {
  publish: async () => {},
  subscribe: () => () => {},
  publishDisplay: async () => {},
  subscribeDisplay: () => () => {},
  close: async () => {},
};

/** New stores items (café supplies, not sold at the till as such). */
const CAFE_SUPPLIES: readonly ItemInput[] = [
  {
    sku: 'CAF-BEAN-1KG',
    name: 'Coffee Beans 1kg (House Blend)',
    description: 'Espresso beans for both cafés',
    uom: 'kg',
    reorderPoint: '8',
    minReorderQty: '10',
  },
  {
    sku: 'CAF-MILK-2L',
    name: 'Full Cream Milk 2L',
    description: 'Delivered chilled; keep at 4 °C',
    uom: 'each',
    reorderPoint: '20',
    minReorderQty: '24',
  },
  {
    sku: 'CAF-CUP-12OZ',
    name: 'Takeaway Cups 12oz (sleeve of 50)',
    description: 'Compostable cups for takeaway sizes',
    uom: 'pack',
    reorderPoint: '6',
    minReorderQty: '10',
  },
];

/** POS products whose own (database-made) items the stores receive and transfer. */
const SOLD_GOODS = ['DRK-WATR-01', 'DRK-COLA-01', 'SNK-CHIP-01'] as const;

/** The seeded institutional assets that are lent: registered as units where they live. */
const REGISTERED_ASSETS = [
  { sku: 'AST-DRIL-01', location: 'ENG-WS', department: 'ENG', serial: 'DRL' },
  { sku: 'AST-TORQ-01', location: 'ENG-WS', department: 'ENG', serial: 'TQW' },
  { sku: 'AST-SOLD-01', location: 'ENG-WS', department: 'ENG', serial: 'SLD' },
  { sku: 'AST-MULT-01', location: 'SCI-LAB-1', department: 'SCI', serial: 'DMM' },
  { sku: 'AST-PROJ-01', location: 'MAIN-AV', department: 'ADM', serial: 'PRJ' },
  { sku: 'AST-LAPT-01', location: 'MAIN-AV', department: 'ADM', serial: 'LAP' },
] as const;

export async function seedBackOffice(
  tx: DbOrTx,
  ctx: { now: Date; timeZone: string; userIds: UserIds; catalogue: Catalogue },
): Promise<void> {
  // The services take a database handle; inside the seed's transaction theirs are savepoints.
  const db = tx as unknown as Db;
  const config = { storeTimeZone: ctx.timeZone };
  const deps = { database: { db }, events: quietEvents, config, now: () => ctx.now };
  const user = (key: string): AuthUser => {
    const demo = DEMO_USERS.find((u) => u.key === key);
    if (!demo) throw new Error(`unknown demo user ${key}`);
    return {
      id: ctx.userIds[key] as string,
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: demo.email,
      role: demo.role,
    };
  };
  const actor = (key: string): Actor => ({ user: user(key), ipAddress: null, userAgent: null });
  const priya = user('procurement');
  const dana = user('deptManager');
  const morgan = user('manager');

  const departments = new Map(
    (await tx.select({ id: procDepartments.id, code: procDepartments.code }).from(procDepartments)).map((d) => [
      d.code,
      d.id,
    ]),
  );
  const department = (code: string) => {
    const id = departments.get(code);
    if (!id) throw new Error(`demo back office: no procurement department ${code}`);
    return id;
  };

  // ── Locations and stores ────────────────────────────────────────────────────────────────
  const locationIds = new Map(
    (await tx.select({ id: procLocations.id, code: procLocations.code }).from(procLocations)).map((l) => [
      l.code,
      l.id,
    ]),
  );
  const newLocations = [
    {
      code: 'CENTRAL',
      name: 'Central Stores',
      departmentId: department('OPS'),
      building: 'Main',
      floor: 'G',
      room: '012',
    },
    {
      code: 'CAFE-LIB',
      name: 'Library Café',
      departmentId: department('OPS'),
      building: 'Library',
      floor: 'G',
      room: '004',
      isSelling: true,
    },
    { code: 'MAIN-AV', name: 'AV Room', departmentId: department('ADM'), building: 'Main', floor: '2', room: '205' },
  ];
  for (const location of newLocations) {
    locationIds.set(location.code, await writeLocation(tx, null, locationBodySchema.parse(location)));
  }
  const location = (code: string) => {
    const id = locationIds.get(code);
    if (!id) throw new Error(`demo back office: no location ${code}`);
    return id;
  };

  // The default store (made by the migrations) is the main café; its selling location (made with it,
  // where the catalogue's opening stock already is: ADR 0025) becomes CAFE-MAIN. Library Café is the
  // second.
  const [defaultStore] = await tx
    .select({ id: stores.id, sellingLocationId: stores.sellingLocationId })
    .from(stores)
    .where(sql`${stores.id} = default_store_id()`);
  if (!defaultStore) throw new Error('demo back office: no default store');
  await tx
    .update(procLocations)
    .set({
      code: 'CAFE-MAIN',
      name: 'Main Café',
      departmentId: department('OPS'),
      building: 'Main',
      floor: 'G',
      room: '001',
      isSelling: true,
    })
    .where(eq(procLocations.id, defaultStore.sellingLocationId));
  locationIds.set('CAFE-MAIN', defaultStore.sellingLocationId);
  await updateStore(db, defaultStore.id, { name: 'Main Café' });
  const [library] = await tx
    .insert(stores)
    .values({ name: 'Library Café', code: 'LIB', sellingLocationId: location('CAFE-LIB') })
    .returning({ id: stores.id });
  const libraryId = (library as { id: string }).id;
  // Library Café's own shelves (one ledger, ADR 0025: each store sells its own stock): half of the
  // main café's opening stock of everything regular, as its opening stock.
  await postOpeningStock(
    tx,
    ctx.catalogue.products.flatMap(({ id, data, variants }) => {
      if ((data.assetType ?? 'regular') !== 'regular') return [];
      const own = data.sizeStock ? data.sizeStock.reduce((sum, n) => sum + n, 0) : data.stock;
      return [
        { productId: id, quantity: Math.floor(own / 2) },
        ...variants.map((v, i) => ({ variantId: v.id, quantity: Math.floor((data.sizeStock?.[i] ?? 0) / 2) })),
      ];
    }),
    { storeId: libraryId },
  );
  // Casey sells at Main Café, Chris at Library Café; everyone else at either.
  await setStoresOfUser(db, ctx.userIds.cashier1 as string, [defaultStore.id]);
  await setStoresOfUser(db, ctx.userIds.cashier2 as string, [libraryId]);
  // Their past shifts were at their own café too (the sales seed runs before the stores exist).
  await tx
    .update(shifts)
    .set({ storeId: libraryId })
    .where(eq(shifts.cashierId, ctx.userIds.cashier2 as string));

  // ── Suppliers and items ────────────────────────────────────────────────────────────────
  const supplier = (body: Record<string, string>) => writeSupplier(tx, null, supplierBodySchema.parse(body));
  const cafeWholesale = await supplier({
    name: 'Campus Café Wholesale',
    contactName: 'Alex Rivera',
    phone: '+1 555 0140',
    email: 'orders@campuscafe.example',
    address: '14 Market Street',
    notes: 'Coffee, milk, cups and cold drinks; delivers Tuesdays and Fridays',
  });
  const timberYard = await supplier({
    name: 'Trade Timber & Hardware',
    contactName: 'Jo Park',
    phone: '+1 555 0177',
    email: 'sales@tradetimber.example',
    address: '2 Mill Road',
    notes: 'Timber, wire and workshop consumables',
  });
  await supplier({
    name: 'LabSafe Supplies',
    contactName: 'Kim Osei',
    phone: '+1 555 0192',
    email: 'help@labsafe.example',
    notes: 'Goggles, gloves and lab consumables',
  });

  const itemIds = new Map<string, string>();
  for (const item of CAFE_SUPPLIES) {
    itemIds.set(
      item.sku,
      await writeItem(tx, null, itemBodySchema.parse({ ...item, departmentId: department('OPS') })),
    );
  }
  // A POS product's own item (ADR 0025: the database made it with the product).
  const productItem = async (sku: string) => {
    const product = ctx.catalogue.bySku.get(sku);
    if (!product) throw new Error(`demo back office: no product ${sku}`);
    const [row] = await tx
      .select()
      .from(procItems)
      .where(and(eq(procItems.posProductId, product.id), isNull(procItems.posVariantId)));
    if (!row) throw new Error(`demo back office: product ${sku} has no item`);
    return row;
  };
  // Its stores settings, saved as the item form saves them (the link to the product kept).
  const updateProductItem = async (sku: string, changes: Partial<ItemInput>) => {
    const row = await productItem(sku);
    const body: ItemInput = {
      sku: row.sku,
      name: row.name,
      description: row.description,
      categoryId: row.categoryId,
      subcategoryId: row.subcategoryId,
      departmentId: row.departmentId,
      isAsset: row.isAsset,
      uom: row.uom,
      barcode: row.barcode,
      minReorderQty: row.minReorderQty,
      reorderPoint: row.reorderPoint,
      warrantyMonths: row.warrantyMonths,
      serviceIntervalDays: row.serviceIntervalDays,
      expectedLifespanMonths: row.expectedLifespanMonths,
      posProductId: row.posProductId,
      ...changes,
    };
    await writeItem(tx, row.id, itemBodySchema.parse(body));
    itemIds.set(sku, row.id);
    return row.id;
  };
  for (const sku of SOLD_GOODS) await updateProductItem(sku, { departmentId: department('OPS'), reorderPoint: '12' });
  for (const sku of ['AST-TIMB-01', 'AST-WIRE-01']) await updateProductItem(sku, { departmentId: department('ENG') });
  for (const sku of ['AST-GOGG-01', 'AST-GLOV-01']) await updateProductItem(sku, { departmentId: department('SCI') });
  for (const asset of REGISTERED_ASSETS) {
    await updateProductItem(asset.sku, { departmentId: department(asset.department), isAsset: true });
  }
  const item = (sku: string) => {
    const id = itemIds.get(sku);
    if (!id) throw new Error(`demo back office: no item ${sku}`);
    return id;
  };

  // ── Purchasing: café goods received into Central Stores; workshop materials partly received ──
  const order = async (who: string, body: unknown) =>
    createPurchaseOrder(deps, actor(who), purchaseOrderBodySchema.parse(body));
  const cafeOrder = await order('procurement', {
    supplierId: cafeWholesale,
    departmentId: department('OPS'),
    deliveryLocationId: location('CENTRAL'),
    note: 'Weekly café stock for both cafés',
    lines: [
      { itemId: item('CAF-BEAN-1KG'), qtyOrdered: '20', unitPrice: '24.50' },
      { itemId: item('CAF-MILK-2L'), qtyOrdered: '72', unitPrice: '3.10' },
      { itemId: item('CAF-CUP-12OZ'), qtyOrdered: '30', unitPrice: '6.80', taxRate: '10' },
      { itemId: item('DRK-WATR-01'), qtyOrdered: '96', unitPrice: '0.65' },
      { itemId: item('DRK-COLA-01'), qtyOrdered: '48', unitPrice: '0.90' },
      { itemId: item('SNK-CHIP-01'), qtyOrdered: '40', unitPrice: '0.95' },
    ],
  });
  await sendPurchaseOrder(deps, actor('procurement'), cafeOrder.id);
  await receiveGoods(
    deps,
    actor('procurement'),
    cafeOrder.id,
    goodsReceiptBodySchema.parse({
      locationId: location('CENTRAL'),
      invoiceNo: 'CCW-88412',
      deliveryNote: 'DN-5521',
      lines: cafeOrder.lines.map((line) => ({
        poLineId: line.id,
        qtyReceived: line.qtyOrdered,
        ...(line.itemId === item('CAF-MILK-2L')
          ? { batchNo: 'VD-2207', expiryDate: dateAfter(ctx, 12) }
          : line.itemId === item('CAF-BEAN-1KG')
            ? { batchNo: 'RR-HB-114', expiryDate: dateAfter(ctx, 120) }
            : {}),
      })),
    }),
  );

  const workshopOrder = await order('procurement', {
    supplierId: timberYard,
    departmentId: department('ENG'),
    deliveryLocationId: location('ENG-WS'),
    note: 'Bike rack repair and spares',
    lines: [
      { itemId: item('AST-TIMB-01'), qtyOrdered: '20', unitPrice: '11.40' },
      { itemId: item('AST-WIRE-01'), qtyOrdered: '4', unitPrice: '42.00' },
    ],
  });
  await sendPurchaseOrder(deps, actor('procurement'), workshopOrder.id);
  // The first delivery: 12 of the 20 lengths of timber, the wire still to come.
  const timberLine = workshopOrder.lines.find((line) => line.itemId === item('AST-TIMB-01'));
  if (!timberLine) throw new Error('demo back office: the timber line is missing');
  await receiveGoods(
    deps,
    actor('procurement'),
    workshopOrder.id,
    goodsReceiptBodySchema.parse({
      locationId: location('ENG-WS'),
      deliveryNote: 'TTH-3090',
      note: 'Rest of the timber on back order',
      lines: [{ poLineId: timberLine.id, qtyReceived: '12' }],
    }),
  );
  const partly = await getPurchaseOrder(deps, workshopOrder.id);
  if (partly.status === 'delivered') throw new Error('demo back office: the workshop order should be partly received');

  // A requisition awaiting approval: Dana's lab safety stock for Engineering.
  const requisition = await createRequisition(
    deps,
    actor('deptManager'),
    requisitionBodySchema.parse({
      departmentId: department('ENG'),
      neededByDate: dateAfter(ctx, 14),
      note: 'Safety stock for the new first-year workshop sessions',
      lines: [
        { itemId: item('AST-GOGG-01'), qtyRequested: '24', estUnitPrice: '6.90' },
        { itemId: item('AST-GLOV-01'), qtyRequested: '10', estUnitPrice: '9.80' },
      ],
    }),
  );
  await submitRequisition(deps, actor('deptManager'), requisition.id);

  // ── Transfers from Central Stores to the cafés ─────────────────────────────────────────
  const transfer = async (sku: string, to: string, qty: string, stage: 'received' | 'in_transit') => {
    const created = await createTransfer(
      deps,
      priya,
      transferBodySchema.parse({
        itemId: item(sku),
        fromLocationId: location('CENTRAL'),
        toLocationId: location(to),
        qty,
      }),
    );
    await approveTransfer(deps, morgan, created.id);
    await dispatchTransfer(deps, priya, created.id);
    if (stage === 'received') await receiveTransfer(deps, morgan, created.id, { note: null });
  };
  const toMain: [string, string][] = [
    ['CAF-BEAN-1KG', '8'],
    ['CAF-MILK-2L', '36'],
    ['CAF-CUP-12OZ', '12'],
    ['DRK-WATR-01', '48'],
    ['DRK-COLA-01', '24'],
    ['SNK-CHIP-01', '20'],
  ];
  const toLibrary: [string, string][] = [
    ['CAF-BEAN-1KG', '5'],
    ['CAF-MILK-2L', '24'],
    ['CAF-CUP-12OZ', '8'],
    ['DRK-WATR-01', '24'],
  ];
  for (const [sku, qty] of toMain) await transfer(sku, 'CAFE-MAIN', qty, 'received');
  for (const [sku, qty] of toLibrary) await transfer(sku, 'CAFE-LIB', qty, 'received');
  // On its way: the Library Café's cola left Central Stores and has not arrived yet.
  await transfer('DRK-COLA-01', 'CAFE-LIB', '12', 'in_transit');

  // ── The asset register: the seeded assets as units; the lent ones lent in the register ──
  const loansOut = await tx
    .select({
      id: assetCheckouts.id,
      productId: assetCheckouts.productId,
      userId: assetCheckouts.userId,
      returnedAt: assetCheckouts.returnedAt,
      returnCondition: assetCheckouts.returnCondition,
      returnNotes: assetCheckouts.notes,
    })
    .from(assetCheckouts);
  const openLoans = loansOut.filter((loan) => loan.returnedAt === null);
  for (const asset of REGISTERED_ASSETS) {
    const product = ctx.catalogue.bySku.get(asset.sku);
    if (!product) throw new Error(`demo back office: no product ${asset.sku}`);
    const loans = openLoans.filter((loan) => loan.productId === product.id);
    const units: string[] = [];
    const count = product.data.stock + loans.length;
    for (let n = 1; n <= count; n++) {
      const body: AssetBody = assetBodySchema.parse({
        itemId: item(asset.sku),
        serialNumber: `${asset.serial}-${String(1000 + n)}`,
        purchasePrice: (product.data.priceCents / 100).toFixed(2),
        depreciationClass: asset.sku === 'AST-LAPT-01' ? 'IT equipment (3 years)' : 'Plant and tools (5 years)',
        departmentId: department(asset.department),
        locationId: location(asset.location),
      });
      units.push(await registerUnit(deps, tx, morgan, body, { source: 'manual' }));
    }
    // A unit that came back needing maintenance (the soldering station's flag) has its corrective job.
    const needsWork = loansOut.find(
      (loan) =>
        loan.productId === product.id && loan.returnedAt !== null && loan.returnCondition === 'needs_maintenance',
    );
    const spare = units[units.length - 1];
    if (needsWork && spare && loans.length < units.length) {
      await openCorrectiveJob(deps, tx, {
        assetId: spare,
        actorId: morgan.id,
        checkoutId: needsWork.id,
        notes: `Returned needs maintenance${needsWork.returnNotes ? `: ${needsWork.returnNotes}` : ''}`,
      });
    }
    // The loans still out (the overdue Torque Wrench among them) are loans of a registered unit.
    for (const [index, loan] of loans.entries()) {
      const unitId = units[index] as string;
      const borrower = DEMO_USERS.find((u) => ctx.userIds[u.key] === loan.userId);
      const claimed = await claimUnit(deps, tx, {
        assetId: unitId,
        scope: { departmentId: null },
        borrowerId: loan.userId,
        borrowerName: borrower ? `${borrower.firstName} ${borrower.lastName}` : 'a staff member',
        locationId: null,
        actorId: morgan.id,
        checkoutId: loan.id,
      });
      await tx
        .update(assetCheckouts)
        .set({ assetId: unitId, fromLocationId: claimed.fromLocationId })
        .where(eq(assetCheckouts.id, loan.id));
    }
  }

  // ── A workshop job in progress: the bike rack repair ────────────────────────────────────
  const client = await createClient(
    deps,
    clientBodySchema.parse({
      name: 'Facilities Office',
      contactName: 'Morgan Manager',
      email: 'facilities@retailhub.example',
      notes: 'Internal client: buildings and grounds',
      isInternal: true,
    }),
  );
  let job = await createJob(
    deps,
    dana,
    jobBodySchema.parse({
      title: 'Bike rack repair',
      description: 'Replace the rotten rails of the library bike rack and re-torque the frame bolts',
      clientId: client.id,
      departmentId: department('ENG'),
      priority: 'high',
      neededByDate: dateAfter(ctx, 5),
    }),
  );
  job = await addBomLine(deps, dana, job.id, bomBodySchema.parse({ itemId: item('AST-TIMB-01'), qtyRequired: '6' }));
  job = await addStep(
    deps,
    dana,
    job.id,
    stepBodySchema.parse({
      name: 'Cut and fit the new rails',
      assignedTo: ctx.userIds.deptManager,
      plannedHours: '3',
    }),
  );
  job = await addStep(deps, dana, job.id, stepBodySchema.parse({ name: 'Torque the frame bolts', plannedHours: '1' }));
  job = await createQuote(
    deps,
    dana,
    job.id,
    quoteBodySchema.parse({ validUntil: dateAfter(ctx, 30), notes: 'Internal recharge' }),
  );
  const quote = job.quotes[0];
  if (!quote) throw new Error('demo back office: the job has no quote');
  await sendQuote(deps, dana, job.id, quote.id);
  await acceptQuote(deps, dana, job.id, quote.id);
  job = await transitionJob(deps, dana, job.id, jobTransitionBodySchema.parse({ to: 'in_progress' }));
  const firstStep = job.steps[0];
  if (firstStep) {
    await updateStep(deps, dana, job.id, firstStep.id, stepPatchSchema.parse({ status: 'in_progress' }));
  }
  await issueMaterials(
    deps,
    dana,
    job.id,
    materialsBodySchema.parse({
      itemId: item('AST-TIMB-01'),
      locationId: location('ENG-WS'),
      qty: '4',
      notes: 'First four rails',
    }),
  );
}

/**
 * The store's calendar date `days` after the seed's moment (or after today, when the seed's moment
 * is in the past, as in tests: the services check quotes' and orders' dates against the clock).
 */
function dateAfter(ctx: { now: Date; timeZone: string }, days: number): string {
  const from = new Date(Math.max(ctx.now.getTime(), Date.now()));
  const date = addDays(localDateOf(from, ctx.timeZone), days);
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
