import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/** At most this many tag fields per line; further units get generated tags (editable on their page). */
export const MAX_TAG_FIELDS = 100;

/** Whole units in a typed quantity ('3', '3.000' → 3; '' or bad → 0): one asset and one tag each. */
export function wholeUnits(qty: string): number {
  const n = Number(qty.trim());
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * A barcode scanner types the tag and presses Enter: Enter moves to the next tag field of the
 * receipt (never submits it), so units can be scanned one after another.
 */
function nextTagField(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const scope = event.currentTarget.closest('[role="dialog"]') ?? document;
  const fields = [...scope.querySelectorAll<HTMLInputElement>('input[data-asset-tag]')];
  const next = fields[fields.indexOf(event.currentTarget) + 1];
  next?.focus();
}

/**
 * Issue #17: on a receipt line of an item flagged as an asset, one tag field per whole unit
 * received. Empty fields mean "generate". `errors` are the receipt's field errors keyed
 * `lines.<row>.assetTags[.<n>]` (the server names the refused tag's field).
 */
export function AssetTagFields({
  row,
  itemLabel,
  units,
  tags,
  onChange,
  errors,
}: {
  row: number;
  itemLabel: string;
  units: number;
  tags: string[];
  onChange: (tags: string[]) => void;
  errors: Record<string, string>;
}) {
  if (units < 1) return null;
  const shown = Math.min(units, MAX_TAG_FIELDS);
  const repeated = new Set<number>();
  const seen = new Map<string, number>();
  for (let n = 0; n < shown; n++) {
    const key = (tags[n] ?? '').trim().toUpperCase();
    if (!key) continue;
    if (seen.has(key)) repeated.add(n);
    else seen.set(key, n);
  }
  return (
    <Fieldset legend={`Asset tags, ${itemLabel}`} data-testid="asset-tag-fields" p="sm">
      <Text size="xs" mb="xs">
        Scan or type one tag per unit; Enter moves to the next. Left empty, a tag is generated.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        {Array.from({ length: shown }, (_, n) => (
          <TextInput
            // biome-ignore lint/suspicious/noArrayIndexKey: one field per unit position, never reordered
            key={n}
            label={`Line ${row + 1} unit ${n + 1} tag`}
            data-asset-tag
            autoComplete="off"
            spellCheck={false}
            value={tags[n] ?? ''}
            onChange={(e) => {
              const next = [...tags];
              next[n] = e.currentTarget.value;
              onChange(next);
            }}
            onKeyDown={nextTagField}
            error={
              errors[`lines.${row}.assetTags.${n}`] ??
              (repeated.has(n) ? 'This tag is scanned for another unit of this receipt' : undefined)
            }
          />
        ))}
      </SimpleGrid>
      {errors[`lines.${row}.assetTags`] ? (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errors[`lines.${row}.assetTags`]}
        </Text>
      ) : null}
      {units > shown ? (
        <Text size="xs" mt="xs">
          The other {units - shown} units get generated tags; change them on each unit's page.
        </Text>
      ) : null}
    </Fieldset>
  );
}
