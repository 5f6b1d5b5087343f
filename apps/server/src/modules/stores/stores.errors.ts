import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The stores module's errors (issue #16): one code each, a message safe to show. */
export const storesErrors = {
  /** Issue #30 item 10: a fraction of an item counted in whole units (each, box, an asset). */
  wholeUnits: (message: string, field = 'qty') => badRequest('stores.whole_units', message, { [field]: message }),
  supplierNotFound: () => notFound('Supplier', 'stores.supplier_not_found'),
  locationNotFound: () => notFound('Location', 'stores.location_not_found'),
  categoryNotFound: () => notFound('Category', 'stores.category_not_found'),
  subcategoryNotFound: () => notFound('Subcategory', 'stores.subcategory_not_found'),
  itemNotFound: () => notFound('Item', 'stores.item_not_found'),
  issueNotFound: () => notFound('Issue', 'stores.issue_not_found'),
  transferNotFound: () => notFound('Transfer', 'stores.transfer_not_found'),
  supplierNameTaken: (name: string) =>
    new AppError(409, 'stores.supplier_name_taken', `A supplier named "${name}" already exists.`, {
      errors: { name: 'This name is already in use' },
    }),
  locationCodeTaken: (code: string) =>
    new AppError(409, 'stores.location_code_taken', `A location with code "${code}" already exists.`, {
      errors: { code: 'This code is already in use' },
    }),
  skuTaken: (sku: string) =>
    new AppError(409, 'stores.item_sku_taken', `An item with SKU "${sku}" already exists.`, {
      errors: { sku: 'This SKU is already in use' },
    }),
  posProductTaken: (sku: string) =>
    new AppError(409, 'stores.pos_product_linked', `That POS product is already linked to item "${sku}".`, {
      errors: { posProductId: 'This product is already linked to another item' },
    }),
  categoryNameTaken: (name: string) =>
    new AppError(409, 'stores.category_name_taken', `A category named "${name}" already exists.`, {
      errors: { name: 'This name is already in use' },
    }),
  subcategoryNameTaken: (name: string) =>
    new AppError(409, 'stores.subcategory_name_taken', `This category already has a subcategory named "${name}".`, {
      errors: { name: 'This name is already in use' },
    }),
  unknownReference: (field: string, message: string) =>
    badRequest('validation', 'Check the highlighted fields.', { [field]: message }),
  alreadyArchived: (what: string) => conflict('stores.already_archived', `${what} is already archived.`),
  notArchived: (what: string) => conflict('stores.not_archived', `${what} is not archived.`),
  archived: (what: string) => conflict('stores.archived', `${what} is archived; restore it first.`),
  locationHoldsStock: (code: string) =>
    conflict('stores.location_holds_stock', `Location ${code} still holds stock; move or issue it first.`),
  insufficientStock: (sku: string, code: string, available: string) =>
    conflict('stores.insufficient_stock', `Not enough ${sku} at ${code}: ${available} on hand.`),
  quantityTooLarge: () => conflict('stores.quantity_too_large', 'That would take the stock above 999,999,999.999.'),
  badState: (what: string, status: string, action: string) =>
    conflict('stores.invalid_state', `A ${status.replace('_', ' ')} ${what} cannot be ${action}.`),
  notYourDepartment: () => new AppError(403, 'auth.forbidden', 'You can only do this for your own department.'),
};
