import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ASSET_EVENT_LABELS,
  ASSET_STATE_LABELS,
  type AssetDetail,
  can,
  type Maintenance,
  notLendableMessage,
  type SafetyCheck,
  type Writeoff,
} from '@retail-hub/shared';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { CheckoutDialog, ReturnDialog } from '@/features/assets';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { money } from '@/lib/money';
import { ASSET_STATE_COLORS, registerPaths, useRegisterAction, when } from './api';
import { labelsHref } from './asset-links';
import { DisposeDialog, salvageText } from './dispose-dialog';
import { SafetyTable } from './safety-checks';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value || '—'}</Text>
    </div>
  );
}

/**
 * Issue #33: the unit's loan card. Lending and taking back go through the Asset Checkout screen's
 * own dialogs (one lending form, one return form), opened here for this unit. Both stay mounted
 * while the card flips between Check out and Return, so a dialog's own success step (its toast,
 * closing) runs after the refreshed unit has already changed the card.
 */
function LendCard({ asset }: { asset: AssetDetail }) {
  const [lending, setLending] = useState(false);
  // The loan being taken back, kept while its dialog is open (the refreshed unit has none by then).
  const [returning, setReturning] = useState<{ checkoutId: string; title: string; holder: string } | null>(null);
  if (asset.state === 'written_off') return null;
  const tag = asset.assetTag ?? 'This unit';
  // A unit that cannot be lent now: Check out is disabled and the server's reason stands beside it.
  const blocked = asset.blockedReason ? notLendableMessage(tag, asset.blockedReason) : null;
  return (
    <>
      {asset.openCheckoutId ? (
        <Card withBorder component="section" aria-label="Return">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Return
            </Title>
            <Group justify="space-between" wrap="wrap">
              <Text>With {asset.custodianName ?? 'a borrower'}.</Text>
              <Button
                onClick={() =>
                  setReturning({
                    checkoutId: asset.openCheckoutId ?? '',
                    title: `${tag} · ${asset.itemName}`,
                    holder: asset.custodianName ?? 'a borrower',
                  })
                }
              >
                Take back
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Card withBorder component="section" aria-label="Check out">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Check out
            </Title>
            <Group align="center" wrap="wrap">
              <Button
                disabled={blocked !== null}
                aria-describedby={blocked ? 'asset-blocked-reason' : undefined}
                onClick={() => setLending(true)}
              >
                Check out
              </Button>
              {blocked ? <BlockedReason id="asset-blocked-reason" message={blocked} /> : null}
            </Group>
          </Stack>
        </Card>
      )}
      <CheckoutDialog opened={lending} onClose={() => setLending(false)} unit={asset} />
      <ReturnDialog
        opened={returning !== null}
        onClose={() => setReturning(null)}
        active={[]}
        initial={null}
        unitLoan={returning ?? undefined}
      />
    </>
  );
}

/**
 * Why a unit cannot be lent, beside the disabled Check out: an icon and the words (never colour
 * alone), dark text on the page for AA contrast, read with the button (aria-describedby).
 */
export function BlockedReason({ id, message }: { id: string; message: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="center" maw={520} mb={6} data-testid="asset-blocked">
      <IconLock size={18} aria-hidden style={{ flexShrink: 0 }} color="var(--mantine-color-red-8)" />
      <Text id={id} size="sm" fw={600} c="red.9">
        {message}
      </Text>
    </Group>
  );
}

function UpkeepCard({ asset }: { asset: AssetDetail }) {
  const action = useRegisterAction();
  const [type, setType] = useState<string | null>('preventive');
  const [scheduled, setScheduled] = useState('');
  const [checkType, setCheckType] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  if (asset.state === 'written_off') return null;
  return (
    <Card withBorder component="section" aria-label="Plan and dispose">
      <Stack gap="md">
        <Title order={2} size="h4">
          Plan and dispose
        </Title>
        <Group align="end" wrap="wrap">
          <Select
            label="Maintenance type"
            data={[
              { value: 'preventive', label: 'Preventive' },
              { value: 'corrective', label: 'Corrective' },
              { value: 'emergency', label: 'Emergency' },
              { value: 'upgrade', label: 'Upgrade' },
            ]}
            value={type}
            onChange={setType}
            w={180}
          />
          <TextInput
            label="Scheduled for"
            type="date"
            value={scheduled}
            onChange={(e) => setScheduled(e.currentTarget.value)}
            w={180}
          />
          <Button
            variant="light"
            disabled={!scheduled || !type}
            onClick={() =>
              action.mutate({
                url: registerPaths.maintenance,
                body: { assetId: asset.id, type, scheduledFor: new Date(`${scheduled}T09:00:00`).toISOString() },
                done: 'Maintenance scheduled.',
              })
            }
          >
            Schedule maintenance
          </Button>
        </Group>
        <Group align="end" wrap="wrap">
          <TextInput
            label="Safety check"
            placeholder="PAT test"
            value={checkType}
            onChange={(e) => setCheckType(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Due date"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            w={180}
          />
          <Button
            variant="light"
            disabled={!checkType.trim() || !dueDate}
            onClick={() =>
              action.mutate({
                url: registerPaths.safetyChecks,
                body: { scope: 'asset', itemOrAssetId: asset.id, checkType, dueDate },
                done: 'Safety check scheduled.',
              })
            }
          >
            Schedule safety check
          </Button>
        </Group>
        <Group align="end" wrap="wrap">
          <Select
            label="Write-off reason"
            data={[
              { value: 'damaged', label: 'Damaged' },
              { value: 'obsolete', label: 'Obsolete' },
              { value: 'loss', label: 'Lost' },
              { value: 'theft', label: 'Stolen' },
              { value: 'other', label: 'Other' },
            ]}
            value={reason}
            onChange={setReason}
            w={180}
          />
          <Button
            variant="light"
            color="red"
            disabled={!reason}
            onClick={() =>
              action.mutate({
                url: registerPaths.writeoffs,
                body: { assetId: asset.id, reason },
                done: 'Write-off drafted: submit it for approval in the Write-off section below.',
              })
            }
          >
            Request write-off
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function OpenWork({ asset, canManage }: { asset: AssetDetail; canManage: boolean }) {
  const jobs = useQuery<Maintenance[]>({
    queryKey: [registerPaths.maintenance, { assetId: asset.id, status: 'open' }],
  });
  const checks = useQuery<SafetyCheck[]>({
    queryKey: [registerPaths.safetyChecks, { targetId: asset.id, status: 'pending' }],
  });
  const action = useRegisterAction();
  const [technician, setTechnician] = useState('');
  const open = jobs.data ?? [];
  const pending = checks.data ?? [];
  if (open.length === 0 && pending.length === 0) return null;
  return (
    <Card withBorder component="section" aria-label="Open work">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Open work
        </Title>
        {canManage ? (
          <TextInput
            label="Technician or inspector"
            description="Recorded when you complete a job or record a check"
            value={technician}
            onChange={(e) => setTechnician(e.currentTarget.value)}
            w={280}
          />
        ) : null}
        {open.map((m) => (
          <Group key={m.id} justify="space-between" wrap="wrap" data-testid="open-job">
            <Text>
              <Text span fw={600} tt="capitalize">
                {m.type}
              </Text>{' '}
              maintenance, {m.status.replace('_', ' ')}, scheduled {when(m.scheduledFor)}
              {m.overdue ? ' (overdue)' : ''}
              {m.notes ? ` · ${m.notes}` : ''}
            </Text>
            {canManage ? (
              <Button
                size="xs"
                disabled={!technician.trim()}
                onClick={() =>
                  action.mutate({
                    url: registerPaths.maintenanceStep(m.id, 'complete'),
                    body: { technician },
                    done: 'The job is completed.',
                  })
                }
              >
                Complete job
              </Button>
            ) : null}
          </Group>
        ))}
        {pending.length > 0 ? <SafetyTable checks={pending} canManage={canManage} inspector={technician} /> : null}
      </Stack>
    </Card>
  );
}

/**
 * The unit's write-offs (newest first): status, reason, salvage value; an approved one is disposed
 * from here too (assets.oversee), with its salvage value and currency.
 */
function WriteoffCard({ asset, canManage, canDecide }: { asset: AssetDetail; canManage: boolean; canDecide: boolean }) {
  const writeoffs = useQuery<Writeoff[]>({ queryKey: [registerPaths.writeoffs, { assetId: asset.id }] });
  const action = useRegisterAction();
  const [disposing, setDisposing] = useState<Writeoff | null>(null);
  const rows = writeoffs.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder component="section" aria-label="Write-off">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Write-off
        </Title>
        {disposing ? <DisposeDialog writeoff={disposing} onClose={() => setDisposing(null)} /> : null}
        {rows.map((w) => (
          <Group key={w.id} justify="space-between" wrap="wrap" data-testid="unit-writeoff">
            <Text>
              <Text span fw={600} tt="capitalize">
                {w.status}
              </Text>
              {` · ${w.reason}`}
              {w.disposalMethod && w.status === 'disposed' ? ` · ${w.disposalMethod} on ${w.disposalDate}` : ''}
              {` · salvage ${salvageText(w) ?? 'none'}`}
            </Text>
            {/* Issue #30 item 20: a drafted request is submitted where it was drafted. */}
            {w.status === 'draft' && canManage ? (
              <Button
                size="xs"
                loading={action.isPending}
                onClick={() =>
                  action.mutate({ url: registerPaths.writeoffStep(w.id, 'submit'), done: 'Submitted for approval.' })
                }
              >
                Submit for approval
              </Button>
            ) : null}
            {w.status === 'approved' && canDecide ? (
              <Button size="xs" color="dark" onClick={() => setDisposing(w)}>
                Dispose
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Issue #17 item 6: one unit at /assets/unit?id=, with its whole history in time order. */
export function AssetPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { user } = useAuth();
  const canManage = can(user?.role, 'assets.manage');
  const canLend = can(user?.role, 'assets.lend');
  const canDecide = can(user?.role, 'assets.oversee');
  const asset = useQuery<AssetDetail>({ queryKey: [registerPaths.asset(id ?? '')], enabled: Boolean(id) });
  if (!id) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Asset
        </Title>
        <Alert color="blue" title="No unit chosen">
          Open a unit from the register under Assets.
        </Alert>
      </Container>
    );
  }
  if (asset.isPending) return <PanelLoading />;
  if (asset.isError) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Asset
        </Title>
        <Alert color="red" title="The unit could not be loaded">
          {serverMessage(asset.error) ?? 'Please try again.'}
        </Alert>
      </Container>
    );
  }
  const a = asset.data;
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Anchor component={Link} to="/assets" size="sm">
            Back to Assets
          </Anchor>
          <Group gap="sm">
            <Title order={1} size="h2" ff="monospace" data-testid="asset-tag">
              {a.assetTag ?? 'Untagged unit'}
            </Title>
            <Badge color={ASSET_STATE_COLORS[a.state]} variant="light" size="lg" data-testid="asset-state">
              {ASSET_STATE_LABELS[a.state]}
            </Badge>
          </Group>
          <Text>
            {a.itemSku} · {a.itemName}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={labelsHref([a.id])} variant="default">
            Print label
          </Button>
          <Button component="a" href={registerPaths.assetHistoryCsv(a.id)} download variant="default">
            Download history (CSV)
          </Button>
        </Group>
      </Group>
      {a.state === 'written_off' ? (
        <Alert color="gray" title="Written off">
          This unit was disposed on {when(a.disposedAt)}. Its record stays here, read-only, with its whole history.
        </Alert>
      ) : null}
      <Card withBorder component="section" aria-label="Details">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="Serial number" value={a.serialNumber} />
          <Fact label="Location" value={a.locationCode} />
          <Fact label="With" value={a.custodianName} />
          <Fact label="Department" value={a.departmentName} />
          <Fact label="Purchase price" value={a.purchasePrice === null ? null : money(a.purchasePrice)} />
          <Fact label="Depreciation class" value={a.depreciationClass} />
          <Fact label="Next maintenance" value={a.nextMaintenanceAt ? when(a.nextMaintenanceAt) : null} />
          <Fact label="Next safety check" value={a.nextSafetyCheckDue} />
        </SimpleGrid>
      </Card>
      {canLend ? <LendCard asset={a} /> : null}
      <OpenWork asset={a} canManage={canManage} />
      {canManage ? <UpkeepCard asset={a} /> : null}
      <WriteoffCard asset={a} canManage={canManage} canDecide={canDecide} />
      <Card withBorder component="section" aria-label="History">
        <Title order={2} size="h4" mb="sm">
          History
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label="History of this unit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.history.map((e) => (
                <Table.Tr key={e.id} data-testid="history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.at)}</Table.Td>
                  <Table.Td fw={600}>{ASSET_EVENT_LABELS[e.kind]}</Table.Td>
                  <Table.Td>{e.summary}</Table.Td>
                  <Table.Td>{e.userName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
