import type { Product, ProductCreateInput, ProductFormInput } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** The product form fields as POST /api/products takes them (spec §5; price as a string). */
export type ProductInput = ProductFormInput;

/** POST /api/products, optionally with the new product's size options (issue #13 item 16). */
export async function createProduct(input: ProductCreateInput): Promise<Product> {
  const res = await apiRequest('POST', '/api/products', input);
  return (await res.json()) as Product;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
