import { Modal } from '@mantine/core';
import type { Product } from '@retail-hub/shared';
import { useState } from 'react';
import { ProductForm } from './product-form';

type ProductFormDialogProps = {
  opened: boolean;
  /** The product to edit; null adds one. The parent remounts the dialog (key) for each opening. */
  product: Product | null;
  withAssetFields: boolean;
  onClose: () => void;
};

/**
 * spec §2: the product form in a dialog titled 'Add New Product' or 'Edit Product'. A new product
 * with size options stays open as 'Edit Product' so its sizes can be added at once.
 */
export function ProductFormDialog({ opened, product, withAssetFields, onClose }: ProductFormDialogProps) {
  const [current, setCurrent] = useState<Product | null>(product);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={current ? 'Edit Product' : 'Add New Product'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <ProductForm
        key={current?.id ?? 'new'}
        product={current}
        withAssetFields={withAssetFields}
        onCancel={onClose}
        onSaved={(saved, mode) => {
          if (mode === 'created' && saved.hasVariants) setCurrent(saved);
          else onClose();
        }}
      />
    </Modal>
  );
}
