import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type Category, type TaxRate, taxRateHundredths, taxRateLabel } from '@retail-hub/shared';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useSaveTaxRate,
  useSetCategoryTaxRate,
  useSetPricesIncludeTax,
  useTaxRates,
  useTaxSettings,
} from '../api/tax-rates';

const rateText = (rate: string) => taxRateLabel(taxRateHundredths(rate) ?? 0);

/**
 * Issue #34 item 2 (ADR 0030): the Tax rates panel for whoever has 'tax.manage' (managers, super
 * admins): the rates (add, rename, change the percentage), each category's rate, and whether the
 * prices include tax (the installation's default). A product's own rate is on the product form.
 * Changing a rate applies to sales from now on; every sale keeps the rate it was charged.
 */
export function TaxRatesCard({ categories }: { categories: readonly Category[] }) {
  const rates = useTaxRates();
  const settings = useTaxSettings();
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [name, setName] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<{ name?: string; rate?: string }>({});
  const saveRate = useSaveTaxRate();
  const setCategoryRate = useSetCategoryTaxRate();
  const setInclusive = useSetPricesIncludeTax();
  const failed = (title: string) => (error: unknown) =>
    notifyError({ title, message: serverMessage(error) ?? 'Please try again.' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { name?: string; rate?: string } = {};
    if (!name.trim()) found.name = 'Tax rate name is required';
    if (taxRateHundredths(rate) === null)
      found.rate = 'Rate must be a percentage from 0 to 100 with at most 2 decimals';
    setErrors(found);
    if (found.name || found.rate) return;
    saveRate.mutate(
      { ...(editing ? { id: editing.id } : {}), name: name.trim(), rate: rate.trim() },
      {
        onSuccess: () => {
          notifySuccess({ title: editing ? 'Tax Rate Saved' : 'Tax Rate Added', message: `${name.trim()} ${rate}%` });
          setEditing(null);
          setName('');
          setRate('');
        },
        onError: failed('Tax Rate Not Saved'),
      },
    );
  };

  const options = [
    { value: '', label: 'No tax (0%)' },
    ...(rates.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${rateText(r.rate)})` })),
  ];

  return (
    <Card padding="md" component="section" aria-labelledby="tax-rates-title" data-testid="tax-rates-card">
      <Title order={2} size="h4" id="tax-rates-title">
        Tax rates
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A category's rate applies to its products unless a product has its own. A changed rate applies to sales from now
        on; refunds use the rate of the sale.
      </Text>
      {rates.isError ? (
        <Alert color="red" title="Tax rates could not be loaded">
          {serverMessage(rates.error) ?? 'Please try again.'}
        </Alert>
      ) : (
        <Stack gap="md">
          <Switch
            label="Prices include tax"
            description="On: shelf prices already include the tax. Off: tax is added at the till."
            checked={settings.data?.pricesIncludeTax ?? false}
            disabled={!settings.data || setInclusive.isPending}
            onChange={(event) =>
              setInclusive.mutate(event.currentTarget.checked, { onError: failed('Setting Not Saved') })
            }
          />
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Tax rates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rates.data ?? []).map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{rateText(r.rate)}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="xs"
                        aria-label={`Edit ${r.name}`}
                        onClick={() => {
                          setEditing(r);
                          setName(r.name);
                          setRate(String(Number(r.rate)));
                        }}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <form onSubmit={submit} aria-label={editing ? `Edit ${editing.name}` : 'Add a tax rate'}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Tax rate name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errors.name}
                maxLength={100}
              />
              <TextInput
                label="Rate (%)"
                value={rate}
                onChange={(e) => setRate(e.currentTarget.value)}
                error={errors.rate}
                inputMode="decimal"
                w={120}
              />
              <Button type="submit" loading={saveRate.isPending}>
                {editing ? 'Save Rate' : 'Add Rate'}
              </Button>
              {editing ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    setName('');
                    setRate('');
                  }}
                >
                  Cancel
                </Button>
              ) : null}
            </Group>
          </form>
          {categories.length > 0 ? (
            <Stack gap="xs" component="section" aria-labelledby="category-tax-title">
              <Text fw={600} size="sm" id="category-tax-title">
                Category rates
              </Text>
              {categories.map((c) => (
                <Select
                  key={c.id}
                  label={`Tax rate of ${c.name}`}
                  data={options}
                  value={c.taxRateId ?? ''}
                  allowDeselect={false}
                  disabled={setCategoryRate.isPending}
                  onChange={(value) =>
                    setCategoryRate.mutate(
                      { categoryId: c.id, taxRateId: value ? value : null },
                      {
                        onSuccess: () =>
                          notifySuccess({ title: 'Category Tax Rate Saved', message: `${c.name} is updated.` }),
                        onError: failed('Category Not Saved'),
                      },
                    )
                  }
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
