/**
 * The accounts feature's public entry (issue #34 item 3, ADR 0034): the Accounts screen of the back
 * office (statements, payments, department approval).
 */
export { AccountsScreen } from './components/accounts-screen';
