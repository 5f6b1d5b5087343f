import { ERROR_CODES, PRODUCT_MESSAGES } from '@retail-hub/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The catalogue's typed errors (codes `catalog.*`), each with a message safe to show. */
export const catalogErrors = {
  productNotFound: () => notFound('Product', 'catalog.product_not_found'),
  categoryNotFound: () => notFound('Category', 'catalog.category_not_found'),
  variantNotFound: () => notFound('Size option', 'catalog.variant_not_found'),
  skuTaken: (sku: string) => conflict(ERROR_CODES.skuTaken, `A product with SKU "${sku}" already exists.`),
  categoryNameTaken: (name: string) =>
    conflict('catalog.category_name_taken', `A category named "${name}" already exists.`),
  /** spec §5: categories with products cannot be deleted; the client shows this message (spec §8). */
  categoryInUse: (name: string, productCount: number) =>
    conflict(
      'catalog.category_in_use',
      productCount === 1
        ? `Cannot delete "${name}": 1 product is assigned to it.`
        : `Cannot delete "${name}": ${productCount} products are assigned to it.`,
    ),
  variantNameTaken: (name: string) =>
    conflict('catalog.variant_name_taken', `A size option named "${name}" already exists for this product.`),
  /** An unknown category is reported on the form's category field, like a missing one (spec §5). */
  unknownCategory: () =>
    badRequest('validation', PRODUCT_MESSAGES.categoryRequired, { categoryId: PRODUCT_MESSAGES.categoryRequired }),
  unknownDepartment: () => badRequest('validation', 'Unknown department', { departmentId: 'Unknown department' }),
  invalidCsv: (reason: string) => new AppError(400, 'catalog.import_invalid_csv', reason),
};
