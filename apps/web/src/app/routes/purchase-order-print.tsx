import { PurchaseOrderPrint } from '@/features/purchasing/components/purchase-order-print';

/** /purchase-orders/print?id= (issue #16 item 4): the order for the supplier, printable or as PDF. */
export default function PurchaseOrderPrintRoute() {
  return <PurchaseOrderPrint />;
}
