/** The workshop jobs feature's public entry (issue #18; docs/architecture.md, Boundaries). */

export { JobPage } from './job-page';
export { DeliveryPrint, QuotePrint } from './job-prints';
export { JobsScreen } from './jobs-screen';
