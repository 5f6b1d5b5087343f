import { QuotePrint } from '@/features/jobs';

/** Issue #18: /jobs/quote-print?id=&quoteId= — the quote for the client, printable or as PDF. */
export default function JobQuotePrintRoute() {
  return <QuotePrint />;
}
