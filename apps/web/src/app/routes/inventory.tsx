import { InventoryManagement } from '@/features/catalog/components/inventory-management';

/** /inventory (spec §2 Inventory Management); the route guard admits managers and super admins (spec §6). */
export default function InventoryRoute() {
  return <InventoryManagement />;
}
