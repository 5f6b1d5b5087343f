export { DiscrepanciesScreen } from './discrepancies-screen';
export { StaleTerminalsCard } from './stale-terminals-card';
export { TerminalsScreen } from './terminals-screen';
