import { CustomerDisplayPage } from '@/features/customer-display';

/** /display (issue #36 item 4): the customer display; public, it shows only what the till sends it. */
export default function DisplayRoute() {
  return <CustomerDisplayPage />;
}
