import '@mantine/dates/styles.css';
import { SegmentedControl, Select, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ASSET_MESSAGES,
  ASSET_STATE_LABELS,
  type Asset,
  type LendableAsset,
  notLendableMessage,
  ROLE_LABELS,
} from '@retail-hub/shared';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { instantOfWallClock } from '@/lib/time-zone';
import { useBorrowers } from '../api/get-borrowers';
import { useLendableAssets, useRegisteredUnits } from '../api/get-lendable-assets';
import { useCreateCheckout } from '../api/mutations';
import { personName } from '../checkout-display';
import { AssetFormDialog, AssetNotesField } from './asset-form-dialog';

/** Units a lender can hand out now: the asset's stock, or the chosen size option's. */
function unitsOf(asset: LendableAsset): number {
  return asset.variants.length > 0 ? asset.variants.reduce((sum, v) => sum + v.stock, 0) : asset.stock;
}

/**
 * Mantine dates give a wall-clock 'YYYY-MM-DD HH:mm:ss'; it is read on the store's clock (as every
 * date on the screen is shown), and the API takes ISO 8601.
 */
function toIso(value: string | null, timeZone: string | undefined): string | null {
  if (!value) return null;
  return instantOfWallClock(value, timeZone)?.toISOString() ?? null;
}

type Errors = Partial<Record<'productId' | 'assetId' | 'variantId' | 'userId' | 'expectedReturnAt', string>>;

const unitLabel = (unit: Asset) =>
  `${unit.assetTag ?? 'Untagged'} · ${unit.itemName} (${ASSET_STATE_LABELS[unit.state]})`;

/**
 * Issue #17: the registered units a lender may pick (not written off), searched on the server by
 * tag, serial, SKU or item. A unit that cannot be lent now is listed with its state; choosing it
 * shows why beside the disabled Check Out.
 */
function useUnitChoice(enabled: boolean, search: string, chosen: Asset | null) {
  // Typing narrows the list; the chosen unit's own label in the box is not a new search.
  const term = chosen && search === unitLabel(chosen) ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, 250);
  const units = useRegisteredUnits(enabled, debounced);
  const list = units.data?.assets ?? [];
  const options = [...(chosen && !list.some((u) => u.id === chosen.id) ? [chosen] : []), ...list].map((u) => ({
    value: u.id,
    label: unitLabel(u),
  }));
  return { units, list, options };
}

type CheckoutDialogProps = {
  opened: boolean;
  onClose: () => void;
  /**
   * Issue #33: the one lending form. The register's unit page opens it for its own unit: the unit
   * is chosen and fixed, and only the borrower, the expected return and the notes are asked.
   */
  unit?: Asset;
};

/** spec §2 Asset checkout, issue #7: lend an asset (asset, borrower, expected return, notes). */
export function CheckoutDialog({ opened, onClose, unit: fixedUnit }: CheckoutDialogProps) {
  const assets = useLendableAssets(opened && !fixedUnit);
  const borrowers = useBorrowers(opened);
  const create = useCreateCheckout();
  const [productId, setProductId] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [expectedReturn, setExpectedReturn] = useState<string | null>(null);
  const timeZone = useStoreTimeZone();
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [kind, setKind] = useState<'product' | 'unit'>('product');
  const [unit, setUnit] = useState<Asset | null>(null);
  const [unitSearch, setUnitSearch] = useState('');
  const unitChoice = useUnitChoice(opened && kind === 'unit' && !fixedUnit, unitSearch, unit);
  const blocked =
    kind === 'unit' && unit?.blockedReason
      ? notLendableMessage(unit.assetTag ?? 'This unit', unit.blockedReason)
      : null;

  // Reset when opened or given another unit/loan, not when a refetch hands a new object of the same one
  // (that would clear what was typed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id stands for the object
  useEffect(() => {
    if (!opened) return;
    setKind(fixedUnit ? 'unit' : 'product');
    setUnit(fixedUnit ?? null);
    setUnitSearch('');
    setProductId(null);
    setVariantId(null);
    setUserId(null);
    setExpectedReturn(null);
    setNotes('');
    setErrors({});
  }, [opened, fixedUnit?.id]);

  const assetOptions = useMemo(
    () =>
      (assets.data ?? []).map((asset) => {
        const units = unitsOf(asset);
        const flag = asset.serviceFlag === 'damaged' ? 'damaged' : asset.serviceFlag ? 'needs maintenance' : null;
        return {
          value: asset.id,
          label: flag
            ? `${asset.name} — flagged (${flag})`
            : `${asset.name} — ${units} available${asset.location ? ` · ${asset.location}` : ''}`,
          disabled: units < 1 || asset.serviceFlag !== null,
        };
      }),
    [assets.data],
  );
  const chosen = assets.data?.find((a) => a.id === productId) ?? null;
  const borrowerOptions = (borrowers.data ?? []).map((b) => ({
    value: b.id,
    label: `${b.firstName || b.lastName ? personName(b) : (b.email ?? 'Unnamed')} (${ROLE_LABELS[b.role]})`,
  }));

  const submit = () => {
    const next: Errors = {};
    if (kind === 'product' && !productId) next.productId = ASSET_MESSAGES.assetRequired;
    if (kind === 'unit' && !unit) next.assetId = 'Choose a registered unit';
    if (kind === 'product' && chosen && chosen.variants.length > 0 && !variantId)
      next.variantId = 'Choose a size option';
    if (!userId) next.userId = ASSET_MESSAGES.borrowerRequired;
    if (expectedReturn && !toIso(expectedReturn, timeZone))
      next.expectedReturnAt = ASSET_MESSAGES.expectedReturnInvalid;
    setErrors(next);
    if (Object.keys(next).length > 0 || !userId || blocked) return;
    const what = kind === 'unit' && unit ? { assetId: unit.id } : { productId: productId ?? undefined, variantId };
    create.mutate(
      { ...what, userId, expectedReturnAt: toIso(expectedReturn, timeZone), notes: notes.trim() || null },
      {
        onSuccess: (checkout) => {
          notifySuccess({
            title: 'Asset Checked Out',
            message: `${checkout.product.name} is checked out to ${personName(checkout.user)}.`,
            replace: true,
          });
          onClose();
        },
        onError: (error) =>
          notifyError({
            title: 'Checkout Failed',
            message: serverMessage(error) ?? 'Failed to check out the asset. Please try again.',
            replace: true,
          }),
      },
    );
  };

  return (
    <AssetFormDialog
      opened={opened}
      onClose={onClose}
      title="Checkout Asset"
      submitLabel="Check Out"
      pending={create.isPending}
      onSubmit={submit}
      submitDisabled={blocked !== null}
      submitDescribedBy={blocked ? 'checkout-unit-blocked' : undefined}
      submitNote={
        blocked ? (
          <Text
            id="checkout-unit-blocked"
            size="sm"
            fw={600}
            c="red.9"
            data-testid="checkout-unit-blocked"
            style={{ display: 'flex', gap: 6, alignItems: 'center' }}
          >
            <IconLock size={18} aria-hidden style={{ flexShrink: 0 }} />
            {blocked}
          </Text>
        ) : null
      }
    >
      {fixedUnit ? (
        <Text fw={600} data-testid="checkout-unit">
          {unitLabel(fixedUnit)}
        </Text>
      ) : (
        <SegmentedControl
          aria-label="What to lend"
          fullWidth
          data={[
            { value: 'product', label: 'Stock asset' },
            { value: 'unit', label: 'Registered unit' },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value === 'unit' ? 'unit' : 'product');
            setErrors({});
          }}
        />
      )}
      {kind === 'unit' && !fixedUnit ? (
        <Select
          label="Unit"
          placeholder={unitChoice.units.isPending ? 'Loading units…' : 'Scan or type a tag, serial or item'}
          data={unitChoice.options}
          value={unit?.id ?? null}
          onChange={(value) => {
            setUnit(unitChoice.list.find((u) => u.id === value) ?? (value && unit?.id === value ? unit : null));
            setErrors((e) => ({ ...e, assetId: undefined }));
          }}
          searchable
          searchValue={unitSearch}
          onSearchChange={setUnitSearch}
          filter={({ options }) => options}
          nothingFoundMessage="No registered unit matches"
          error={errors.assetId}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {kind === 'product' ? (
        <Select
          label="Asset"
          placeholder={assets.isPending ? 'Loading assets…' : 'Choose an asset'}
          data={assetOptions}
          value={productId}
          onChange={(value) => {
            setProductId(value);
            setVariantId(null);
            setErrors((e) => ({ ...e, productId: undefined, variantId: undefined }));
          }}
          searchable
          nothingFoundMessage="No assets that require checkout"
          error={errors.productId}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {kind === 'product' && chosen && chosen.variants.length > 0 ? (
        <Select
          label="Size option"
          placeholder="Choose a size option"
          data={chosen.variants.map((v) => ({
            value: v.id,
            label: `${v.name} — ${v.stock} available`,
            disabled: v.stock < 1,
          }))}
          value={variantId}
          onChange={(value) => {
            setVariantId(value);
            setErrors((e) => ({ ...e, variantId: undefined }));
          }}
          error={errors.variantId}
          withAsterisk
        />
      ) : null}
      <Select
        label="Borrower"
        placeholder={borrowers.isPending ? 'Loading staff…' : 'Who is borrowing it?'}
        data={borrowerOptions}
        value={userId}
        onChange={(value) => {
          setUserId(value);
          setErrors((e) => ({ ...e, userId: undefined }));
        }}
        searchable
        nothingFoundMessage="No active staff found"
        error={errors.userId}
        withAsterisk
      />
      <DateTimePicker
        size="md"
        label="Expected return"
        placeholder="Pick a date and time"
        value={expectedReturn}
        onChange={(value) => {
          setExpectedReturn(value);
          setErrors((e) => ({ ...e, expectedReturnAt: undefined }));
        }}
        valueFormat="MMM D, YYYY h:mm A"
        clearable
        error={errors.expectedReturnAt}
        // At the form's size the calendar and time need about 430px, more than fits under or over the
        // field on a 768px-high screen: shifting along the cross axis keeps the whole popover on screen
        // (over the field if need be) instead of cutting off the time and Confirm button.
        popoverProps={{ withinPortal: true, middlewares: { flip: true, shift: { crossAxis: true } } }}
        ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
        submitButtonProps={{ 'aria-label': 'Confirm expected return' }}
      />
      <AssetNotesField placeholder="Purpose, accessories handed over…" value={notes} onChange={setNotes} />
      {(assets.isError && !fixedUnit) || borrowers.isError ? (
        <Text c="red" size="sm">
          Could not load the assets or staff. Close the dialog and try again.
        </Text>
      ) : null}
    </AssetFormDialog>
  );
}
