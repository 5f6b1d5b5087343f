import type { ModifierGroup, ModifierGroupCreate, ModifierGroupPatch } from '@retail-hub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Issue #35 item 1 (docs/adr/0035): modifier groups and a product's groups (its own, else its category's). */
export const MODIFIER_GROUPS_PATH = '/api/modifier-groups';

export function modifierGroupsQueryOptions() {
  return queryOptions<ModifierGroup[]>({ queryKey: [MODIFIER_GROUPS_PATH] });
}

export function productModifierGroupsQueryOptions(productId: string) {
  return queryOptions<ModifierGroup[]>({ queryKey: [`/api/products/${productId}/modifier-groups`] });
}

export async function createModifierGroup(body: ModifierGroupCreate): Promise<ModifierGroup> {
  return (await apiRequest('POST', MODIFIER_GROUPS_PATH, body)).json();
}

export async function patchModifierGroup(id: string, body: ModifierGroupPatch): Promise<ModifierGroup> {
  return (await apiRequest('PATCH', `${MODIFIER_GROUPS_PATH}/${id}`, body)).json();
}

export async function setProductModifierGroups(productId: string, groupIds: string[]): Promise<ModifierGroup[]> {
  return (await apiRequest('PUT', `/api/products/${productId}/modifier-groups`, { groupIds })).json();
}
