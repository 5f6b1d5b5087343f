import type { Screen } from '@retail-hub/shared';
import { ExpenseTracker } from '@/features/expenses/components/expense-tracker';

/** spec §2 Expense Tracker at /expenses, inside the POS shell; the guard admits managers (spec §6). */
export default function ExpensesRoute({ screen }: { screen: Screen }) {
  return <ExpenseTracker title={screen.title} />;
}
