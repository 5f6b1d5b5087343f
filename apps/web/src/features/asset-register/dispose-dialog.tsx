import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { assetMoneyMessage, DISPOSAL_METHODS, parseCents, type Writeoff } from '@retail-hub/shared';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { money } from '@/lib/money';
import { registerPaths, useRegisterAction } from './api';

type Errors = Partial<
  Record<'disposalMethod' | 'salvageValueAmount' | 'salvageValueCurrency' | 'disposalDate', string>
>;

const METHOD_LABELS: Record<(typeof DISPOSAL_METHODS)[number], string> = {
  scrap: 'Scrap',
  donation: 'Donation',
  sale: 'Sale',
  recycle: 'Recycle',
  other: 'Other',
};

/** The salvage value of a write-off as the screens show it: "17.50 EUR", or null when none. */
export const salvageText = (w: Pick<Writeoff, 'salvageValueAmount' | 'salvageValueCurrency'>) =>
  w.salvageValueAmount ? money(w.salvageValueAmount, w.salvageValueCurrency) : null;

/**
 * Disposing an approved write-off (issue #17 item 5): method, date, the salvage value it fetched
 * and its currency. Checked here as the server checks it (money: 0 or more, at most 2 decimals;
 * currency: 3 letters); the server's field errors show on the fields.
 */
export function DisposeDialog({ writeoff, onClose }: { writeoff: Writeoff; onClose: () => void }) {
  const action = useRegisterAction();
  const [method, setMethod] = useState<string | null>(writeoff.disposalMethod ?? 'scrap');
  const [date, setDate] = useState('');
  const [amount, setAmount] = useState(writeoff.salvageValueAmount ?? '');
  const [currency, setCurrency] = useState(writeoff.salvageValueCurrency || 'USD');
  const [errors, setErrors] = useState<Errors>({});
  const tag = writeoff.assetTag ?? writeoff.itemName;

  const submit = () => {
    const next: Errors = {};
    if (!method) next.disposalMethod = 'Disposal method is required';
    if (amount.trim() && parseCents(amount.trim()) === null)
      next.salvageValueAmount = assetMoneyMessage('Salvage value');
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) next.salvageValueCurrency = 'Currency must be 3 letters, such as USD';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    action.mutate(
      {
        url: registerPaths.writeoffStep(writeoff.id, 'dispose'),
        body: {
          disposalMethod: method,
          disposalDate: date || undefined,
          salvageValueAmount: amount.trim() || null,
          salvageValueCurrency: currency.trim().toUpperCase(),
        },
        done: `${tag} is disposed and out of stock.`,
      },
      {
        onSuccess: onClose,
        onError: (error) =>
          setErrors(error instanceof ApiError ? ((error.body?.errors as Errors | undefined) ?? {}) : {}),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Dispose of ${tag}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {writeoff.itemName}: the unit leaves stock and its record stays in the register, read-only.
          </Text>
          <Select
            label="Disposal method"
            required
            data={DISPOSAL_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
            value={method}
            onChange={(value) => {
              setMethod(value);
              setErrors((e) => ({ ...e, disposalMethod: undefined }));
            }}
            error={errors.disposalMethod}
          />
          <TextInput
            label="Disposal date"
            description="Left empty: today"
            type="date"
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.disposalDate}
          />
          <Group align="flex-start" grow>
            <TextInput
              label="Salvage value"
              description="What it fetched, if anything"
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setErrors((x) => ({ ...x, salvageValueAmount: undefined }));
              }}
              error={errors.salvageValueAmount}
            />
            <TextInput
              label="Currency"
              description="3 letters"
              maxLength={3}
              value={currency}
              onChange={(e) => {
                setCurrency(e.currentTarget.value);
                setErrors((x) => ({ ...x, salvageValueCurrency: undefined }));
              }}
              error={errors.salvageValueCurrency}
              style={{ maxWidth: 120 }}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="dark" loading={action.isPending}>
              Dispose
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
