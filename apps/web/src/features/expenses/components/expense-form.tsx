import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CARD_NUMBER_MESSAGE,
  centsToDecimal,
  containsCardNumber,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_LIMITS,
  EXPENSE_MESSAGES,
  EXPENSE_PAYMENT_METHOD_LABELS,
  EXPENSE_PAYMENT_METHODS,
  type Expense,
  type ExpenseCategory,
  type ExpensePaymentMethod,
  parseCents,
} from '@retail-hub/shared';
import { useState } from 'react';
import { useSeveralStores } from '@/features/retail-stores';
import type { ExpensePayload } from '../api/expenses';

export type ExpenseFormValues = {
  category: ExpenseCategory | null;
  amount: number | string;
  description: string;
  paymentMethod: ExpensePaymentMethod;
  vendor: string;
  receiptNumber: string;
  notes: string;
  /** Issue #32: the store it was spent for (null or absent: the server's default store). */
  storeId?: string | null;
};

export type FieldErrors = Partial<Record<keyof ExpenseFormValues, string>>;

const EMPTY: ExpenseFormValues = {
  category: null,
  amount: '',
  description: '',
  paymentMethod: 'cash',
  vendor: '',
  receiptNumber: '',
  notes: '',
  storeId: null,
};

export function formValuesOf(expense: Expense | null, storeId: string | null = null): ExpenseFormValues {
  if (!expense) return { ...EMPTY, storeId };
  return {
    category: expense.category,
    amount: expense.amount,
    description: expense.description,
    paymentMethod: expense.paymentMethod,
    vendor: expense.vendor ?? '',
    receiptNumber: expense.receiptNumber ?? '',
    notes: expense.notes ?? '',
    storeId: expense.storeId,
  };
}

/**
 * spec §5 Expense: category, amount and description are required ('Please fill in all required
 * fields'); the amount (step 0.01, min 0) is sent as a 2-decimal string.
 */
export function toPayload(values: ExpenseFormValues): { payload: ExpensePayload } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amountText = String(values.amount).trim();
  if (!values.category) errors.category = EXPENSE_MESSAGES.required;
  if (amountText === '') errors.amount = EXPENSE_MESSAGES.required;
  if (!values.description.trim()) errors.description = EXPENSE_MESSAGES.required;
  const cents = amountText === '' ? null : parseCents(amountText);
  if (amountText !== '' && cents === null) errors.amount = EXPENSE_MESSAGES.amountFormat;
  // Security guide, Payments: the server refuses a card number in any text with the same message.
  for (const field of ['description', 'vendor', 'receiptNumber', 'notes'] as const) {
    if (!errors[field] && containsCardNumber(values[field])) errors[field] = CARD_NUMBER_MESSAGE;
  }
  if (Object.keys(errors).length > 0 || cents === null || !values.category) return { errors };
  return {
    payload: {
      category: values.category,
      amount: centsToDecimal(cents),
      description: values.description.trim(),
      paymentMethod: values.paymentMethod,
      vendor: values.vendor.trim() || null,
      receiptNumber: values.receiptNumber.trim() || null,
      notes: values.notes.trim() || null,
      ...(values.storeId ? { storeId: values.storeId } : {}),
    },
  };
}

const categoryOptions = EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] }));
const methodOptions = EXPENSE_PAYMENT_METHODS.map((value) => ({ value, label: EXPENSE_PAYMENT_METHOD_LABELS[value] }));

type ExpenseFormDialogProps = {
  opened: boolean;
  /** The expense being edited; null to add one. */
  expense: Expense | null;
  /** Issue #32: a new expense's store (the tracker's store filter, else the default store). */
  defaultStoreId?: string | null;
  isPending: boolean;
  /** Server field errors of the last attempt. */
  serverErrors: FieldErrors;
  onSubmit: (payload: ExpensePayload) => void;
  /** Client check failed: the caller shows the required-fields toast. */
  onInvalid: (errors: FieldErrors) => void;
  onClose: () => void;
};

/** spec §2 Expense Tracker add/edit form. Mounted per open so it starts from the expense. */
export function ExpenseFormDialog({ opened, expense, ...rest }: ExpenseFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={rest.onClose}
      title={expense ? 'Edit Expense' : 'Add Expense'}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <ExpenseForm key={expense?.id ?? 'new'} expense={expense} {...rest} />}
    </Modal>
  );
}

function ExpenseForm({
  expense,
  defaultStoreId = null,
  isPending,
  serverErrors,
  onSubmit,
  onInvalid,
  onClose,
}: Omit<ExpenseFormDialogProps, 'opened'>) {
  const stores = useSeveralStores();
  const [values, setValues] = useState<ExpenseFormValues>(() =>
    formValuesOf(expense, defaultStoreId ?? stores[0]?.id ?? null),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (key: keyof ExpenseFormValues) => errors[key] ?? serverErrors[key];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = toPayload(values);
        if ('errors' in result) {
          setErrors(result.errors);
          onInvalid(result.errors);
          return;
        }
        onSubmit(result.payload);
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Category"
            placeholder="Select category"
            withAsterisk
            data={categoryOptions}
            value={values.category}
            onChange={(value) => set('category', value as ExpenseCategory | null)}
            error={errorOf('category')}
            allowDeselect={false}
          />
          <NumberInput
            size="md"
            label="Amount"
            placeholder="0.00"
            withAsterisk
            leftSection="$"
            step={0.01}
            min={0}
            max={99_999_999.99}
            decimalScale={2}
            allowNegative={false}
            value={values.amount}
            onChange={(value) => set('amount', value)}
            error={errorOf('amount')}
          />
        </SimpleGrid>
        <TextInput
          label="Description"
          placeholder="What was it for?"
          withAsterisk
          maxLength={EXPENSE_LIMITS.description}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errorOf('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Payment Method"
            data={methodOptions}
            value={values.paymentMethod}
            onChange={(value) => set('paymentMethod', (value ?? 'cash') as ExpensePaymentMethod)}
            error={errorOf('paymentMethod')}
            allowDeselect={false}
          />
          <TextInput
            label="Vendor"
            placeholder="Optional"
            maxLength={EXPENSE_LIMITS.vendor}
            value={values.vendor}
            onChange={(event) => set('vendor', event.currentTarget.value)}
            error={errorOf('vendor')}
          />
          <TextInput
            label="Receipt Number"
            placeholder="Optional"
            maxLength={EXPENSE_LIMITS.receiptNumber}
            value={values.receiptNumber}
            onChange={(event) => set('receiptNumber', event.currentTarget.value)}
            error={errorOf('receiptNumber')}
          />
        </SimpleGrid>
        {stores.length > 0 ? (
          <Select
            label="Store"
            data={stores.map((s) => ({ value: s.id, label: s.name }))}
            value={values.storeId ?? stores[0]?.id ?? null}
            onChange={(value) => set('storeId', value)}
            error={errorOf('storeId')}
            allowDeselect={false}
            data-testid="expense-store"
          />
        ) : null}
        <Textarea
          size="md"
          label="Notes"
          placeholder="Optional"
          rows={2}
          maxLength={EXPENSE_LIMITS.notes}
          value={values.notes}
          onChange={(event) => set('notes', event.currentTarget.value)}
          error={errorOf('notes')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {expense ? 'Update Expense' : 'Add Expense'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
