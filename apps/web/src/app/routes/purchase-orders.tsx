import type { Screen } from '@retail-hub/shared';
import { PurchaseOrdersScreen } from '@/features/purchasing/components/purchase-orders-screen';

/** /purchase-orders (issue #16 items 4, 5): orders, e-mail, receipts; ?id= opens one. */
export default function PurchaseOrdersRoute({ screen }: { screen: Screen }) {
  return <PurchaseOrdersScreen title={screen.title} />;
}
