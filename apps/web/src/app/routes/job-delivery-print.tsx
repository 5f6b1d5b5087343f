import { DeliveryPrint } from '@/features/jobs';

/** Issue #18: /jobs/delivery-print?id= — the delivery note with the signature. */
export default function JobDeliveryPrintRoute() {
  return <DeliveryPrint />;
}
