import { ActionIcon, Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_DATE_RANGE_LABELS,
  EXPENSE_DATE_RANGES,
  EXPENSE_MESSAGES,
  EXPENSE_PAYMENT_METHOD_LABELS,
  type Expense,
  type ExpenseCategory,
  type ExpenseDateRange,
} from '@retail-hub/shared';
import { IconEdit, IconPlus, IconReceipt2, IconTrash } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Panel, PanelEmpty, PanelLoading } from '@/components/panel';
import { StatCard } from '@/components/stat-card';
import { StoreFilter, useSeveralStores } from '@/features/retail-stores';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { money } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { wallClockIn } from '@/lib/time-zone';
import {
  type ExpensePayload,
  useCreateExpense,
  useDeleteExpense,
  useExpenseStats,
  useExpenses,
  useUpdateExpense,
} from '../api/expenses';
import { expenseRangeDays } from '../date-range';
import { ExpenseFormDialog, type FieldErrors } from './expense-form';

const ALL = 'all';
const categoryFilterOptions = [
  { value: ALL, label: 'All Categories' },
  ...EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] })),
];
const rangeOptions = EXPENSE_DATE_RANGES.map((value) => ({ value, label: EXPENSE_DATE_RANGE_LABELS[value] }));

const CATEGORY_COLORS: Record<ExpenseCategory, string> = {
  office_supplies: 'blue',
  maintenance: 'orange',
  utilities: 'cyan',
  food_beverage: 'grape',
  transport: 'teal',
  other: 'gray',
};

/** The server's field errors of a refused save, to show under the fields. */
function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};
}

/** spec §2 Expense Tracker (/expenses), inside the POS shell; the guard admits managers (spec §6). */
export function ExpenseTracker({ title }: { title: string }) {
  const [category, setCategory] = useState<string>(ALL);
  const [range, setRange] = useState<ExpenseDateRange>('today');
  // Issue #32: one store's expenses and totals, or "All stores" (null); no picker with one store.
  const [storeId, setStoreId] = useState<string | null>(null);
  // The days are the store's (the server reads them in its zone), not the till's clock's.
  const timeZone = useStoreTimeZone();
  const filter = useMemo(
    () => ({
      ...expenseRangeDays(range, new Date(), timeZone),
      category: category === ALL ? null : (category as ExpenseCategory),
      storeId,
    }),
    [range, category, timeZone, storeId],
  );
  const stats = useExpenseStats(storeId);
  const list = useExpenses(filter, { enabled: timeZone !== undefined });
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const remove = useDeleteExpense();

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [toDelete, setToDelete] = useState<Expense | null>(null);

  const openForm = (expense: Expense | null) => {
    setEditing(expense);
    setServerErrors({});
    setFormOpen(true);
  };

  const save = (payload: ExpensePayload) => {
    const failed = (title: string) => (error: unknown) => {
      setServerErrors(fieldErrorsOf(error));
      notifyError({ replace: true, title, message: serverMessage(error) ?? 'Please try again.' });
    };
    if (editing) {
      update.mutate(
        { id: editing.id, payload },
        {
          onSuccess: (saved) => {
            notifySuccess({ replace: true, title: EXPENSE_MESSAGES.updated, message: saved.description });
            setFormOpen(false);
          },
          onError: failed(EXPENSE_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: (saved) => {
          notifySuccess({
            replace: true,
            title: EXPENSE_MESSAGES.added,
            message: `${saved.description}: ${money(saved.amount)}`,
          });
          setFormOpen(false);
        },
        onError: failed(EXPENSE_MESSAGES.addFailed),
      });
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notifySuccess({ replace: true, title: EXPENSE_MESSAGES.deleted, message: toDelete.description });
        setToDelete(null);
      },
      onError: (error) =>
        notifyError({
          replace: true,
          title: EXPENSE_MESSAGES.deleteFailed,
          message: serverMessage(error) ?? 'Please try again.',
        }),
    });
  };

  const expenses = list.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">Record and review the store&apos;s day-to-day spending.</Text>
        </div>
        <Button size="md" leftSection={<IconPlus size={20} aria-hidden />} onClick={() => openForm(null)}>
          Add Expense
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="expense-stats">
        <StatCard
          label="Today's Expenses"
          value={money(stats.data?.totalExpenses ?? '0')}
          pending={stats.isPending}
          testId="expense-stat-Today's Expenses"
        />
        <StatCard
          label="Total Transactions"
          value={String(stats.data?.totalTransactions ?? 0)}
          pending={stats.isPending}
          testId="expense-stat-Total Transactions"
        />
        <StatCard
          label="Categories"
          value={String(stats.data?.expensesByCategory.length ?? 0)}
          pending={stats.isPending}
          testId="expense-stat-Categories"
        />
      </SimpleGrid>

      <Card data-testid="expense-filters">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Category"
            data={categoryFilterOptions}
            value={category}
            onChange={(value) => setCategory(value ?? ALL)}
            allowDeselect={false}
            w={220}
          />
          <Select
            label="Date Range"
            data={rangeOptions}
            value={range}
            onChange={(value) => setRange((value ?? 'today') as ExpenseDateRange)}
            allowDeselect={false}
            w={200}
          />
          <StoreFilter value={storeId} onChange={setStoreId} testId="expense-store-filter" />
        </Group>
      </Card>

      <Panel title="Recent Expenses" icon={<IconReceipt2 size={22} aria-hidden />} testId="recent-expenses">
        {list.isPending ? (
          <PanelLoading />
        ) : list.isError ? (
          <Alert color="red" title="Expenses could not be loaded">
            {serverMessage(list.error) ?? 'Please try again.'}
          </Alert>
        ) : expenses.length === 0 ? (
          <PanelEmpty>No expenses found</PanelEmpty>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {expenses.map((expense) => (
              <ExpenseRow
                key={expense.id}
                expense={expense}
                timeZone={timeZone}
                onEdit={() => openForm(expense)}
                onDelete={() => setToDelete(expense)}
              />
            ))}
          </Stack>
        )}
      </Panel>

      <ExpenseFormDialog
        opened={formOpen}
        expense={editing}
        defaultStoreId={storeId}
        isPending={create.isPending || update.isPending}
        serverErrors={serverErrors}
        onSubmit={save}
        onInvalid={() =>
          notifyError({
            replace: true,
            title: EXPENSE_MESSAGES.required,
            message: 'Category, amount and description are required.',
          })
        }
        onClose={() => setFormOpen(false)}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Expense"
        message={toDelete ? `Delete "${toDelete.description}" (${money(toDelete.amount)})? This cannot be undone.` : ''}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}

function ExpenseRow({
  expense,
  timeZone,
  onEdit,
  onDelete,
}: {
  expense: Expense;
  /** The store's zone: rows are dated on the store's clock, as the day filters count. */
  timeZone: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const who = [expense.user.firstName, expense.user.lastName].filter(Boolean).join(' ');
  // Issue #32: with several stores each row says whose it is.
  const store = useSeveralStores().find((s) => s.id === expense.storeId);
  const details = [
    store?.name,
    format(wallClockIn(new Date(expense.createdAt), timeZone), 'MMM d, yyyy HH:mm'),
    EXPENSE_PAYMENT_METHOD_LABELS[expense.paymentMethod],
    expense.vendor,
    expense.receiptNumber ? `Receipt ${expense.receiptNumber}` : null,
    who ? `by ${who}` : null,
  ].filter(Boolean);
  return (
    <Card component="li" withBorder padding="sm" data-testid="expense-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} data-testid="expense-description">
              {expense.description}
            </Text>
            <Badge variant="light" color={CATEGORY_COLORS[expense.category]}>
              {EXPENSE_CATEGORY_LABELS[expense.category]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
          {expense.notes ? (
            <Text size="sm" c="dimmed" fs="italic">
              {expense.notes}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} ff="monospace" data-testid="expense-amount">
            {money(expense.amount)}
          </Text>
          <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${expense.description}`} onClick={onEdit}>
            <IconEdit size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete ${expense.description}`}
            onClick={onDelete}
          >
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
