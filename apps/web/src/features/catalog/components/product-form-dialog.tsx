import { Modal } from '@mantine/core';
import type { Product } from '@retail-hub/shared';
import { ProductForm } from './product-form';

type ProductFormDialogProps = {
  opened: boolean;
  /** The product to edit; null adds one. The parent remounts the dialog (key) for each opening. */
  product: Product | null;
  withAssetFields: boolean;
  onClose: () => void;
};

/**
 * spec §2: the product form in a dialog titled 'Add New Product' or 'Edit Product'. Both show the
 * size options above their buttons; a new product is created with its sizes, so the dialog closes.
 */
export function ProductFormDialog({ opened, product, withAssetFields, onClose }: ProductFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit Product' : 'Add New Product'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <ProductForm
        key={product?.id ?? 'new'}
        product={product}
        withAssetFields={withAssetFields}
        onCancel={onClose}
        onSaved={onClose}
      />
    </Modal>
  );
}
