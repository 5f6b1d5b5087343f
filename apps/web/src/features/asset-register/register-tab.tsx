import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ASSET_STATE_LABELS, type AssetPage, type Item, type ItemPage, type Location } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { Link } from 'react-router';
import { PanelQuery } from '@/components/panel';
import { ASSET_STATE_COLORS, registerPaths, useRegisterAction } from './api';
import { assetPageHref, labelsHref } from './asset-links';

type AssetSummary = AssetPage['assets'][number];

/** The items flagged as assets and the stores locations, as choices. */
function useRegisterChoices() {
  const items = useQuery<ItemPage>({ queryKey: [registerPaths.items, { pageSize: 200 }] });
  const locations = useQuery<Location[]>({ queryKey: [registerPaths.locations] });
  return {
    items: (items.data?.items ?? [])
      .filter((i: Item) => i.isAsset)
      .map((i) => ({ value: i.id, label: `${i.sku} · ${i.name}` })),
    locations: (locations.data ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` })),
  };
}

/** The register form's fields and its submit (the item is required; the server checks the rest). */
function useRegisterForm(onClose: () => void) {
  const action = useRegisterAction();
  const [itemId, setItemId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [assetTag, setAssetTag] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [purchasePrice, setPurchasePrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const register = () => {
    if (!itemId) {
      setError('Item is required');
      return;
    }
    setError(null);
    action.mutate(
      {
        url: registerPaths.assets,
        body: { itemId, assetTag, serialNumber, purchasePrice, locationId },
        done: 'The unit is registered.',
      },
      { onSuccess: onClose },
    );
  };
  const fields = { itemId, locationId, assetTag, serialNumber, purchasePrice };
  const setters = { setItemId, setLocationId, setAssetTag, setSerialNumber, setPurchasePrice };
  return { ...fields, ...setters, error, register, pending: action.isPending };
}

function RegisterForm({ onClose }: { onClose: () => void }) {
  const choices = useRegisterChoices();
  const f = useRegisterForm(onClose);
  return (
    <Card withBorder component="section" aria-label="Register a unit">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Register a unit
        </Title>
        <Group align="end" wrap="wrap">
          <Select
            label="Item"
            required
            searchable
            data={choices.items}
            value={f.itemId}
            onChange={f.setItemId}
            error={f.error}
            w={280}
            nothingFoundMessage="No item is flagged as an asset"
          />
          <TextInput
            label="Asset tag"
            description="Left empty, one is generated"
            value={f.assetTag}
            onChange={(e) => f.setAssetTag(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Serial number"
            value={f.serialNumber}
            onChange={(e) => f.setSerialNumber(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Purchase price"
            inputMode="decimal"
            value={f.purchasePrice}
            onChange={(e) => f.setPurchasePrice(e.currentTarget.value)}
            w={140}
          />
          <Select
            label="Location"
            clearable
            searchable
            data={choices.locations}
            value={f.locationId}
            onChange={f.setLocationId}
            w={240}
          />
        </Group>
        <Group>
          <Button loading={f.pending} onClick={f.register}>
            Register
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The register's units: search, state, labels, CSV import and registering a unit. */
export function RegisterTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const action = useRegisterAction();
  const assets = useQuery<AssetPage>({
    queryKey: [registerPaths.assets, { search, state: state ?? '', pageSize: 200 }],
  });
  const importCsv = async (file: File | null) => {
    if (!file) return;
    const csv = await file.text();
    action.mutate({ url: registerPaths.assetsImport, body: { csv }, done: `${file.name} imported.` });
  };
  const rows = assets.data?.assets ?? [];
  // Issue #30 item 20: a written-off unit is gone; its label is never printed again.
  const printable = rows.filter((a) => a.state !== 'written_off' && (chosen.length === 0 || chosen.includes(a.id)));
  return (
    <Stack gap="sm">
      <Group align="end" wrap="wrap">
        <TextInput
          label="Search"
          description="Tag, serial, SKU, item or location"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          label="State"
          placeholder="Every state"
          clearable
          data={[
            { value: 'active', label: 'In the register (not written off)' },
            ...Object.entries(ASSET_STATE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          value={state}
          onChange={setState}
          w={240}
        />
        <Group ml="auto" gap="xs">
          <PrintLabels printable={printable} chosen={chosen.length > 0} />
          {canManage ? (
            <>
              <FileButton onChange={(file) => void importCsv(file)} accept=".csv,text/csv">
                {(props) => (
                  <Button variant="default" {...props}>
                    Import CSV
                  </Button>
                )}
              </FileButton>
              <Button onClick={() => setAdding(true)}>Register unit</Button>
            </>
          ) : null}
        </Group>
      </Group>
      {adding ? <RegisterForm onClose={() => setAdding(false)} /> : null}
      <PanelQuery
        query={assets}
        errorTitle="The register could not be loaded"
        empty="No registered units yet"
        isEmpty={() => rows.length === 0}
      >
        {() => <UnitsTable rows={rows} chosen={chosen} setChosen={setChosen} />}
      </PanelQuery>
      {assets.data && assets.data.total > rows.length ? (
        <Text size="sm">
          Showing {rows.length} of {assets.data.total}; narrow by search or state.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The registered units, each with a box to choose it for labels. */
function UnitsTable({
  rows,
  chosen,
  setChosen,
}: {
  rows: AssetSummary[];
  chosen: string[];
  setChosen: Dispatch<SetStateAction<string[]>>;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Registered units">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Choose every unit shown for labels"
                checked={chosen.length === rows.length}
                indeterminate={chosen.length > 0 && chosen.length < rows.length}
                onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((a) => a.id) : [])}
              />
            </Table.Th>
            <Table.Th>Tag</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>With</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id} data-testid="asset-row">
              <Table.Td>
                <Checkbox
                  aria-label={`Choose ${a.assetTag ?? a.itemName} for labels`}
                  checked={chosen.includes(a.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChosen((c) => (on ? [...c, a.id] : c.filter((x) => x !== a.id)));
                  }}
                />
              </Table.Td>
              <Table.Td ff="monospace">
                <Anchor component={Link} to={assetPageHref(a.id)}>
                  {a.assetTag ?? '—'}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.itemName}</Table.Td>
              <Table.Td>{a.serialNumber ?? '—'}</Table.Td>
              <Table.Td>{a.locationCode ?? '—'}</Table.Td>
              <Table.Td>{a.custodianName ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={ASSET_STATE_COLORS[a.state]} variant="light">
                  {ASSET_STATE_LABELS[a.state]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Prints the chosen units' labels, or every unit's shown (never a written-off unit's). */
function PrintLabels({ printable, chosen }: { printable: AssetSummary[]; chosen: boolean }) {
  return printable.length === 0 ? (
    // A disabled link is not a disabled control to axe or a screen reader: a real disabled button.
    <Button variant="light" disabled>
      Print labels
    </Button>
  ) : (
    <Button variant="light" component={Link} to={labelsHref(printable.map((a) => a.id))}>
      {chosen ? `Print ${printable.length} labels` : 'Print labels'}
    </Button>
  );
}
