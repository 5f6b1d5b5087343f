import { Select, Stack, Text } from '@mantine/core';
import { ASSET_MESSAGES, type AssetCheckout, RETURN_CONDITIONS, type ReturnCondition } from '@retail-hub/shared';
import { useEffect, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReturnCheckout } from '../api/mutations';
import { assetLabel, checkoutOptionLabel, conditionLabel, loanSummary } from '../checkout-display';
import { AssetFormDialog, AssetNotesField } from './asset-form-dialog';

type ReturnDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The loans still out, to choose from when the dialog is opened without one. */
  active: AssetCheckout[];
  /** The loan whose card's Return button opened the dialog. */
  initial: AssetCheckout | null;
  /**
   * Issue #33: the one return form. The register's unit page opens it for its unit's open loan; a
   * unit that comes back not good gets a corrective maintenance job (not a product's service flag).
   */
  unitLoan?: { checkoutId: string; title: string; holder: string };
};

/** spec §5 Asset return: condition required ('Return condition is required'), notes optional. */
export function ReturnDialog({ opened, onClose, active, initial, unitLoan }: ReturnDialogProps) {
  const timeZone = useStoreTimeZone();
  const giveBack = useReturnCheckout();
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const [condition, setCondition] = useState<ReturnCondition | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ checkoutId?: string; returnCondition?: string }>({});

  // Reset when opened or given another loan, not when a refetch hands a new object of the same one.
  useEffect(() => {
    if (!opened) return;
    setCheckoutId(unitLoan?.checkoutId ?? initial?.id ?? null);
    setCondition(null);
    setNotes('');
    setErrors({});
  }, [opened, initial, unitLoan?.checkoutId]);

  const choices = initial && !active.some((c) => c.id === initial.id) ? [initial, ...active] : active;
  const chosen = choices.find((c) => c.id === checkoutId) ?? null;

  const submit = () => {
    const next: typeof errors = {};
    if (!checkoutId) next.checkoutId = 'Choose the checkout being returned';
    if (!condition) next.returnCondition = ASSET_MESSAGES.returnConditionRequired;
    setErrors(next);
    if (!checkoutId || !condition) return;
    giveBack.mutate(
      { id: checkoutId, returnCondition: condition, notes: notes.trim() || null },
      {
        onSuccess: (checkout) => {
          const flagged =
            condition === 'good'
              ? ''
              : unitLoan
                ? ' A corrective maintenance job is open.'
                : ` It is flagged as ${conditionLabel(condition).toLowerCase()} and will not be lent until the flag is cleared.`;
          notifySuccess({
            title: 'Asset Returned',
            message: `${assetLabel(checkout)} was returned in ${conditionLabel(condition).toLowerCase()} condition.${flagged}`,
            replace: true,
          });
          onClose();
        },
        onError: (error) =>
          notifyError({
            title: 'Return Failed',
            message: serverMessage(error) ?? 'Failed to return the asset. Please try again.',
            replace: true,
          }),
      },
    );
  };

  return (
    <AssetFormDialog
      opened={opened}
      onClose={onClose}
      title="Return Asset"
      submitLabel="Return Asset"
      pending={giveBack.isPending}
      submitDisabled={!chosen && !initial && !unitLoan && active.length === 0}
      onSubmit={submit}
    >
      {unitLoan ? (
        <Stack gap={2}>
          <Text fw={600}>{unitLoan.title}</Text>
          <Text size="sm" c="dimmed">
            With {unitLoan.holder}.
          </Text>
        </Stack>
      ) : initial ? (
        <Stack gap={2}>
          <Text fw={600}>{assetLabel(initial)}</Text>
          <Text size="sm" c="dimmed">
            {loanSummary(initial, timeZone)}
          </Text>
        </Stack>
      ) : (
        <Select
          label="Checkout"
          placeholder={active.length === 0 ? 'No assets are checked out' : 'Choose the asset being returned'}
          data={choices.map((c) => ({
            value: c.id,
            label: checkoutOptionLabel(c, timeZone),
          }))}
          value={checkoutId}
          onChange={(value) => {
            setCheckoutId(value);
            setErrors((e) => ({ ...e, checkoutId: undefined }));
          }}
          searchable
          error={errors.checkoutId}
          withAsterisk
          // A long option is cut off in the box: the chosen loan's dates are spelled out under it.
          description={chosen ? loanSummary(chosen, timeZone) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
      <Select
        label="Return condition"
        placeholder="How did it come back?"
        data={RETURN_CONDITIONS.map((value) => ({ value, label: conditionLabel(value) }))}
        value={condition}
        onChange={(value) => {
          setCondition(value as ReturnCondition | null);
          setErrors((e) => ({ ...e, returnCondition: undefined }));
        }}
        error={errors.returnCondition}
        withAsterisk
      />
      {condition && condition !== 'good' ? (
        <Text size="sm" c="orange.8">
          {unitLoan
            ? 'A corrective maintenance job will be opened; the unit cannot be checked out until it is done.'
            : `The asset will be flagged as ${conditionLabel(condition).toLowerCase()} and cannot be checked out until the flag is cleared.`}
        </Text>
      ) : null}
      <AssetNotesField placeholder="What was wrong, missing parts…" value={notes} onChange={setNotes} />
    </AssetFormDialog>
  );
}
