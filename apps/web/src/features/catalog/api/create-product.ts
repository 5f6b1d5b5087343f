import type { Product, ProductFormInput } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** The product form fields as POST /api/products takes them (spec §5; price as a string). */
export type ProductInput = ProductFormInput;

export async function createProduct(input: ProductInput): Promise<Product> {
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
