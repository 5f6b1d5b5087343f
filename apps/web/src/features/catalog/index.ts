/**
 * The catalog feature's public entry: what other features (the POS terminal and dashboards, asset
 * loans, the procurement dashboard) may use. Everything else in features/catalog is internal; Biome's
 * noRestrictedImports enforces that (docs/architecture.md, Boundaries).
 */
export { CATEGORIES_REFETCH_MS, categoriesQueryOptions, useCategories } from './api/get-categories';
export {
  lowStockProductCount,
  lowStockQueryOptions,
  moreLowStockProducts,
  useLowStockProducts,
} from './api/get-low-stock';
export {
  type ProductPage,
  type ProductQuery,
  productPageQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  useProducts,
} from './api/get-products';
export { sizeOptionsQueryOptions, useSizeOptions } from './api/get-size-options';
export { refreshCatalog } from './api/invalidate';
export {
  createModifierGroup,
  MODIFIER_GROUPS_PATH,
  modifierGroupsQueryOptions,
  patchModifierGroup,
  productModifierGroupsQueryOptions,
  setProductModifierGroups,
} from './api/modifier-groups';
export { ASSET_TYPE_LABELS } from './utils/format';
