import { relations } from 'drizzle-orm';
import { userActivity } from './activity';
import { assetCheckouts } from './assets';
import { categories, products, productVariants } from './catalog';
import { expenses, shifts, transactionItems, transactions } from './pos';
import {
  procAssets,
  procCategories,
  procDepartments,
  procItemBatches,
  procItems,
  procLocations,
  procStockLevels,
  procSubcategories,
  procSuppliers,
} from './procurement-core';
import { procClients, procTradeJobBom, procTradeJobSteps, procTradeJobs, procTradeQuotes } from './procurement-jobs';
import {
  procGoodsReceiptLines,
  procGoodsReceipts,
  procPurchaseOrderLines,
  procPurchaseOrders,
  procRequisitionLines,
  procRequisitions,
} from './procurement-purchasing';
import { sessions, users } from './users';

/** Relations for Drizzle's relational queries (`db.query.x.findMany({ with: ... })`), for the common joins. */

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  shifts: many(shifts),
  transactions: many(transactions),
  expenses: many(expenses),
  assetCheckouts: many(assetCheckouts),
  activities: many(userActivity),
  managedDepartments: many(procDepartments, { relationName: 'department_manager' }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  department: one(procDepartments, { fields: [products.departmentId], references: [procDepartments.id] }),
  variants: many(productVariants),
  transactionItems: many(transactionItems),
  assetCheckouts: many(assetCheckouts),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));

export const shiftsRelations = relations(shifts, ({ one, many }) => ({
  cashier: one(users, { fields: [shifts.cashierId], references: [users.id] }),
  transactions: many(transactions),
}));

export const transactionsRelations = relations(transactions, ({ one, many }) => ({
  user: one(users, { fields: [transactions.userId], references: [users.id] }),
  shift: one(shifts, { fields: [transactions.shiftId], references: [shifts.id] }),
  items: many(transactionItems),
}));

export const transactionItemsRelations = relations(transactionItems, ({ one }) => ({
  transaction: one(transactions, { fields: [transactionItems.transactionId], references: [transactions.id] }),
  product: one(products, { fields: [transactionItems.productId], references: [products.id] }),
  variant: one(productVariants, { fields: [transactionItems.variantId], references: [productVariants.id] }),
}));

export const expensesRelations = relations(expenses, ({ one }) => ({
  user: one(users, { fields: [expenses.userId], references: [users.id] }),
}));

export const assetCheckoutsRelations = relations(assetCheckouts, ({ one }) => ({
  product: one(products, { fields: [assetCheckouts.productId], references: [products.id] }),
  variant: one(productVariants, { fields: [assetCheckouts.variantId], references: [productVariants.id] }),
  user: one(users, { fields: [assetCheckouts.userId], references: [users.id] }),
}));

export const userActivityRelations = relations(userActivity, ({ one }) => ({
  user: one(users, { fields: [userActivity.userId], references: [users.id] }),
}));

// ---- Procurement ----

export const procDepartmentsRelations = relations(procDepartments, ({ one, many }) => ({
  parent: one(procDepartments, {
    fields: [procDepartments.parentId],
    references: [procDepartments.id],
    relationName: 'proc_department_parent',
  }),
  children: many(procDepartments, { relationName: 'proc_department_parent' }),
  manager: one(users, {
    fields: [procDepartments.managerId],
    references: [users.id],
    relationName: 'department_manager',
  }),
  products: many(products),
  locations: many(procLocations),
  items: many(procItems),
}));

export const procLocationsRelations = relations(procLocations, ({ one, many }) => ({
  department: one(procDepartments, { fields: [procLocations.departmentId], references: [procDepartments.id] }),
  stockLevels: many(procStockLevels),
}));

export const procCategoriesRelations = relations(procCategories, ({ many }) => ({
  subcategories: many(procSubcategories),
  items: many(procItems),
}));

export const procSubcategoriesRelations = relations(procSubcategories, ({ one, many }) => ({
  category: one(procCategories, { fields: [procSubcategories.categoryId], references: [procCategories.id] }),
  department: one(procDepartments, { fields: [procSubcategories.departmentId], references: [procDepartments.id] }),
  items: many(procItems),
}));

export const procItemsRelations = relations(procItems, ({ one, many }) => ({
  category: one(procCategories, { fields: [procItems.categoryId], references: [procCategories.id] }),
  subcategory: one(procSubcategories, { fields: [procItems.subcategoryId], references: [procSubcategories.id] }),
  department: one(procDepartments, { fields: [procItems.departmentId], references: [procDepartments.id] }),
  stockLevels: many(procStockLevels),
  assets: many(procAssets),
  batches: many(procItemBatches),
}));

export const procAssetsRelations = relations(procAssets, ({ one }) => ({
  item: one(procItems, { fields: [procAssets.itemId], references: [procItems.id] }),
}));

export const procItemBatchesRelations = relations(procItemBatches, ({ one }) => ({
  item: one(procItems, { fields: [procItemBatches.itemId], references: [procItems.id] }),
  supplier: one(procSuppliers, { fields: [procItemBatches.supplierId], references: [procSuppliers.id] }),
}));

export const procStockLevelsRelations = relations(procStockLevels, ({ one }) => ({
  item: one(procItems, { fields: [procStockLevels.itemId], references: [procItems.id] }),
  location: one(procLocations, { fields: [procStockLevels.locationId], references: [procLocations.id] }),
}));

export const procSuppliersRelations = relations(procSuppliers, ({ many }) => ({
  purchaseOrders: many(procPurchaseOrders),
}));

export const procRequisitionsRelations = relations(procRequisitions, ({ one, many }) => ({
  requester: one(users, { fields: [procRequisitions.requesterId], references: [users.id] }),
  department: one(procDepartments, { fields: [procRequisitions.departmentId], references: [procDepartments.id] }),
  lines: many(procRequisitionLines),
}));

export const procRequisitionLinesRelations = relations(procRequisitionLines, ({ one }) => ({
  requisition: one(procRequisitions, {
    fields: [procRequisitionLines.requisitionId],
    references: [procRequisitions.id],
  }),
  item: one(procItems, { fields: [procRequisitionLines.itemId], references: [procItems.id] }),
}));

export const procPurchaseOrdersRelations = relations(procPurchaseOrders, ({ one, many }) => ({
  supplier: one(procSuppliers, { fields: [procPurchaseOrders.supplierId], references: [procSuppliers.id] }),
  department: one(procDepartments, { fields: [procPurchaseOrders.departmentId], references: [procDepartments.id] }),
  lines: many(procPurchaseOrderLines),
  goodsReceipts: many(procGoodsReceipts),
}));

export const procPurchaseOrderLinesRelations = relations(procPurchaseOrderLines, ({ one }) => ({
  purchaseOrder: one(procPurchaseOrders, {
    fields: [procPurchaseOrderLines.poId],
    references: [procPurchaseOrders.id],
  }),
  item: one(procItems, { fields: [procPurchaseOrderLines.itemId], references: [procItems.id] }),
}));

export const procGoodsReceiptsRelations = relations(procGoodsReceipts, ({ one, many }) => ({
  purchaseOrder: one(procPurchaseOrders, { fields: [procGoodsReceipts.poId], references: [procPurchaseOrders.id] }),
  location: one(procLocations, { fields: [procGoodsReceipts.locationId], references: [procLocations.id] }),
  lines: many(procGoodsReceiptLines),
}));

export const procGoodsReceiptLinesRelations = relations(procGoodsReceiptLines, ({ one }) => ({
  goodsReceipt: one(procGoodsReceipts, {
    fields: [procGoodsReceiptLines.goodsReceiptId],
    references: [procGoodsReceipts.id],
  }),
  item: one(procItems, { fields: [procGoodsReceiptLines.itemId], references: [procItems.id] }),
  batch: one(procItemBatches, { fields: [procGoodsReceiptLines.batchId], references: [procItemBatches.id] }),
}));

export const procClientsRelations = relations(procClients, ({ many }) => ({
  jobs: many(procTradeJobs),
}));

export const procTradeJobsRelations = relations(procTradeJobs, ({ one, many }) => ({
  client: one(procClients, { fields: [procTradeJobs.clientId], references: [procClients.id] }),
  department: one(procDepartments, { fields: [procTradeJobs.departmentId], references: [procDepartments.id] }),
  quotes: many(procTradeQuotes),
  bom: many(procTradeJobBom),
  steps: many(procTradeJobSteps),
}));

export const procTradeQuotesRelations = relations(procTradeQuotes, ({ one }) => ({
  job: one(procTradeJobs, { fields: [procTradeQuotes.jobId], references: [procTradeJobs.id] }),
}));

export const procTradeJobBomRelations = relations(procTradeJobBom, ({ one }) => ({
  job: one(procTradeJobs, { fields: [procTradeJobBom.jobId], references: [procTradeJobs.id] }),
  item: one(procItems, { fields: [procTradeJobBom.itemId], references: [procItems.id] }),
}));

export const procTradeJobStepsRelations = relations(procTradeJobSteps, ({ one }) => ({
  job: one(procTradeJobs, { fields: [procTradeJobSteps.jobId], references: [procTradeJobs.id] }),
  assignee: one(users, { fields: [procTradeJobSteps.assignedTo], references: [users.id] }),
}));
