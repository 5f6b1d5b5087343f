import { type AssetType, type Product, productFormSchema } from '@retail-hub/shared';
import { useCallback, useMemo, useState } from 'react';
import type { ProductInput } from '../api/create-product';

/** What the inputs hold: text as typed, numbers as the number inputs give them ('' when empty). */
export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  sku: string;
  categoryId: string;
  stock: number | string;
  lowStockThreshold: number | string;
  imageUrl: string;
  isActive: boolean;
  hasVariants: boolean;
  assetType: AssetType;
  location: string;
  isCheckoutRequired: boolean;
};

export type ProductField = keyof ProductFormValues;
export type FieldErrors = Partial<Record<ProductField, string>>;

/** spec §5 defaults: stock 0, lowStockThreshold 10, hasVariants false, isActive true, isCheckoutRequired false. */
export function initialProductValues(product?: Product | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    sku: product?.sku ?? '',
    categoryId: product?.categoryId ?? '',
    stock: product?.stock ?? 0,
    lowStockThreshold: product?.lowStockThreshold ?? 10,
    imageUrl: product?.imageUrl ?? '',
    isActive: product?.isActive ?? true,
    hasVariants: product?.hasVariants ?? false,
    assetType: product?.assetType ?? 'regular',
    location: product?.location ?? '',
    isCheckoutRequired: product?.isCheckoutRequired ?? false,
  };
}

/**
 * spec §5: stock is parsed as an integer, defaulting to 0 when empty; an empty threshold takes its
 * placeholder, 10 (the shared schema's default too).
 */
function toInteger(value: number | string, whenEmpty: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : whenEmpty;
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? whenEmpty : parsed;
}

/**
 * The body for POST/PATCH /api/products. The institutional asset fields go only when the form
 * shows them (spec §6: role manager), so another role's save never touches them.
 */
export function toProductInput(values: ProductFormValues, { withAssetFields }: { withAssetFields: boolean }) {
  const input: ProductInput = {
    name: values.name.trim(),
    description: values.description.trim(),
    price: values.price,
    sku: values.sku.trim(),
    categoryId: values.categoryId,
    stock: toInteger(values.stock, 0),
    lowStockThreshold: toInteger(values.lowStockThreshold, 10),
    imageUrl: values.imageUrl.trim(),
    isActive: values.isActive,
    hasVariants: values.hasVariants,
  };
  if (withAssetFields) {
    input.assetType = values.assetType;
    input.location = values.location.trim();
    input.isCheckoutRequired = values.isCheckoutRequired;
  }
  return input;
}

/** Every field's first message from the spec §5 schema. */
export function validateProduct(values: ProductFormValues, options: { withAssetFields: boolean }): FieldErrors {
  const result = productFormSchema.safeParse(toProductInput(values, options));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as ProductField]) {
      errors[field as ProductField] = issue.message;
    }
  }
  return errors;
}

/**
 * Form state with spec §5 "validated on change": a field shows its message once it has been
 * changed, every field after a save attempt. A message from the server (400 field errors, the
 * 409 SKU) stays on its field until that field changes.
 */
export function useProductForm(product: Product | null, options: { withAssetFields: boolean }) {
  const [values, setValues] = useState(() => initialProductValues(product));
  const [changed, setChanged] = useState<ReadonlySet<ProductField>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { withAssetFields } = options;

  const clientErrors = useMemo(() => validateProduct(values, { withAssetFields }), [values, withAssetFields]);

  const setField = useCallback(<K extends ProductField>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => (current.has(field) ? current : new Set(current).add(field)));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  const errorOf = (field: ProductField): string | undefined =>
    serverErrors[field] ?? (showAll || changed.has(field) ? clientErrors[field] : undefined);

  /** Shows every message; true when the form may be sent. */
  const validateAll = (): boolean => {
    setShowAll(true);
    return Object.keys(clientErrors).length === 0;
  };

  return {
    values,
    setField,
    errorOf,
    validateAll,
    setServerErrors,
    input: () => toProductInput(values, { withAssetFields }),
  };
}
