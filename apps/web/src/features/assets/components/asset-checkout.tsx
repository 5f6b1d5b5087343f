import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { type AssetCheckout, type CheckoutFilter, can, type LendableAsset } from '@retail-hub/shared';
import { IconAlertTriangle, IconArrowBackUp, IconPackageExport, IconTool } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ASSET_TYPE_LABELS } from '@/features/catalog';
import { serverMessage } from '@/lib/api-client';
import { useAuth, useStoreTimeZone } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useActiveCheckouts, useCheckoutList } from '../api/get-checkouts';
import { useLendableAssets } from '../api/get-lendable-assets';
import { useClearServiceFlag } from '../api/mutations';
import {
  assetLabel,
  CONDITION_COLORS,
  conditionLabel,
  emptyText,
  FILTER_BUTTONS,
  formatWhen,
  isActive,
  personName,
  STATUS_BADGES,
} from '../checkout-display';
import { CheckoutDialog } from './checkout-dialog';
import { ReturnDialog } from './return-dialog';

const LEND_ONLY = 'Only managers, department managers and procurement admins can check assets out and take them back.';

/** A button that lenders use; others see it disabled with the reason on hover (issue #7). */
function LendButton({
  canLend,
  children,
  ...props
}: { canLend: boolean; children: ReactNode } & React.ComponentProps<typeof Button<'button'>>) {
  if (canLend) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip label={LEND_ONLY} multiline w={260} withArrow>
      {/* Mantine's pattern for a tooltip on a disabled button: looks disabled, still hoverable. */}
      <Button {...props} data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={120}>
        {label}
      </Text>
      {/* A div, not a p: the value can be a Badge (a div). */}
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </Group>
  );
}

function CheckoutCard({
  checkout,
  canLend,
  onReturn,
}: {
  checkout: AssetCheckout;
  canLend: boolean;
  onReturn: (checkout: AssetCheckout) => void;
}) {
  const badge = STATUS_BADGES[checkout.status];
  const timeZone = useStoreTimeZone();
  return (
    <Card data-testid="checkout-card" data-status={checkout.status} padding="lg" withBorder>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box miw={0}>
            <Title order={3} size="h4">
              {assetLabel(checkout)}
            </Title>
            <Text size="xs" c="dimmed">
              {checkout.product.assetType ? ASSET_TYPE_LABELS[checkout.product.assetType] : 'Registered unit'}
              {checkout.product.location ? ` · ${checkout.product.location}` : ''}
            </Text>
          </Box>
          <Badge color={badge.color} variant="light" size="lg" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <Stack gap={4}>
          <Detail label="Checked out by" value={personName(checkout.user)} />
          <Detail label="Checked out" value={formatWhen(checkout.checkedOutAt, timeZone)} />
          <Detail
            label="Expected return"
            value={
              <Text span size="sm" fw={500} c={checkout.status === 'overdue' ? 'red.8' : undefined}>
                {formatWhen(checkout.expectedReturnAt, timeZone) ?? 'Not set'}
              </Text>
            }
          />
          {checkout.returnedAt ? <Detail label="Returned" value={formatWhen(checkout.returnedAt, timeZone)} /> : null}
          {checkout.returnCondition ? (
            <Detail
              label="Condition"
              value={
                <Badge color={CONDITION_COLORS[checkout.returnCondition]} variant="light">
                  {conditionLabel(checkout.returnCondition)}
                </Badge>
              }
            />
          ) : null}
        </Stack>
        {checkout.notes ? (
          <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }}>
            <Text span fw={600} size="sm">
              Notes:{' '}
            </Text>
            {checkout.notes}
          </Text>
        ) : null}
        {checkout.returnNotes ? (
          <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }}>
            <Text span fw={600} size="sm">
              Return notes:{' '}
            </Text>
            {checkout.returnNotes}
          </Text>
        ) : null}
        {isActive(checkout) ? (
          <Group justify="flex-end" mt="auto">
            <LendButton
              canLend={canLend}
              variant="light"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              onClick={() => onReturn(checkout)}
              aria-label={`Return ${assetLabel(checkout)}`}
            >
              Return
            </LendButton>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Assets taken out of service by a damaged or needs-maintenance return, with 'Clear flag'. */
function FlaggedAssets({ assets }: { assets: LendableAsset[] }) {
  const clear = useClearServiceFlag();
  const timeZone = useStoreTimeZone();
  const flagged = assets.filter((a) => a.serviceFlag !== null);
  if (flagged.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="flagged-assets" component="section" aria-label="Out of service">
      <Group gap="xs" mb="sm">
        <IconTool size={22} color="var(--mantine-color-orange-7)" aria-hidden />
        <Title order={2} size="h4">
          Out of service
        </Title>
      </Group>
      <Stack gap={0}>
        {flagged.map((asset) => (
          <Group
            key={asset.id}
            justify="space-between"
            py={8}
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="flagged-asset"
          >
            <Box miw={0}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{asset.name}</Text>
                <Badge color={asset.serviceFlag === 'damaged' ? 'red' : 'orange'} variant="light">
                  {asset.serviceFlag === 'damaged' ? 'Damaged' : 'Needs maintenance'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {asset.stock} in stock
                {asset.serviceFlaggedAt ? ` · flagged ${formatWhen(asset.serviceFlaggedAt, timeZone)}` : ''}
              </Text>
            </Box>
            <Button
              variant="default"
              size="sm"
              loading={clear.isPending && clear.variables === asset.id}
              onClick={() =>
                clear.mutate(asset.id, {
                  onSuccess: (result) =>
                    notifySuccess({ title: 'Flag Cleared', message: result.message, replace: true }),
                  onError: (error) =>
                    notifyError({
                      title: 'Could Not Clear Flag',
                      message: serverMessage(error) ?? 'Failed to clear the flag. Please try again.',
                      replace: true,
                    }),
                })
              }
              aria-label={`Clear flag on ${asset.name}`}
            >
              Clear flag
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** spec §2 Asset checkout (/asset-checkout), made working for lenders (issue #7). */
export function AssetCheckoutScreen() {
  const { user } = useAuth();
  const canLend = Boolean(user && can(user.role, 'assets.lend'));
  const [filter, setFilter] = useState<CheckoutFilter>('all');
  const checkouts = useCheckoutList(filter);
  const active = useActiveCheckouts(canLend);
  const lendable = useLendableAssets(canLend);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [returnState, setReturnState] = useState<{ open: boolean; initial: AssetCheckout | null }>({
    open: false,
    initial: null,
  });

  // Every page loaded so far, newest first; the latest page's count is the whole list's.
  const pages = checkouts.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const total = pages[pages.length - 1]?.total ?? rows.length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Box>
          <Title order={1} size="h2">
            Asset Checkout
          </Title>
          <Text c="dimmed">
            {canLend
              ? 'Lend institutional assets to staff and take them back.'
              : 'The institutional assets you have borrowed.'}
          </Text>
        </Box>
        <Group gap="sm">
          <LendButton
            canLend={canLend}
            leftSection={<IconPackageExport size={18} aria-hidden />}
            onClick={() => setCheckoutOpen(true)}
          >
            Checkout Asset
          </LendButton>
          <LendButton
            canLend={canLend}
            variant="default"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={() => setReturnState({ open: true, initial: null })}
          >
            Return Asset
          </LendButton>
        </Group>
      </Group>

      <Group gap="xs" role="group" aria-label="Filter checkouts">
        {FILTER_BUTTONS.map((button) => (
          <Button
            key={button.value}
            variant={filter === button.value ? 'filled' : 'default'}
            aria-pressed={filter === button.value}
            onClick={() => setFilter(button.value)}
          >
            {button.label}
          </Button>
        ))}
      </Group>

      {canLend && lendable.data ? <FlaggedAssets assets={lendable.data} /> : null}

      {checkouts.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading checkouts" />
        </Group>
      ) : checkouts.isError && rows.length === 0 ? (
        <Alert color="red" icon={<IconAlertTriangle size={20} />} title="Could not load asset checkouts">
          <Group gap="sm">
            <Text size="sm">{serverMessage(checkouts.error) ?? 'Please try again.'}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void checkouts.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs" c="dimmed" data-testid="checkouts-empty">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
              <IconPackageExport size={26} />
            </ThemeIcon>
            <Text fw={600}>{emptyText(filter)}</Text>
          </Stack>
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="checkout-list">
            {rows.map((checkout) => (
              <CheckoutCard
                key={checkout.id}
                checkout={checkout}
                canLend={canLend}
                onReturn={(c) => setReturnState({ open: true, initial: c })}
              />
            ))}
          </SimpleGrid>
          {checkouts.hasNextPage ? (
            // The POS terminal grid's pattern: how many are shown of how many, and 'Show more'.
            <Group justify="center" gap="sm" py="xs" data-testid="checkout-paging">
              <Text c="dimmed" size="sm">
                Showing {rows.length.toLocaleString()} of {total.toLocaleString()} checkouts
              </Text>
              <Button
                variant="light"
                onClick={() => void checkouts.fetchNextPage()}
                loading={checkouts.isFetchingNextPage}
              >
                Show more
              </Button>
              {checkouts.isFetchNextPageError ? (
                <Text c="red.8" size="sm" role="alert">
                  {serverMessage(checkouts.error) ?? 'Could not load more checkouts. Please try again.'}
                </Text>
              ) : null}
            </Group>
          ) : null}
        </>
      )}

      {canLend ? (
        <>
          <CheckoutDialog opened={checkoutOpen} onClose={() => setCheckoutOpen(false)} />
          <ReturnDialog
            opened={returnState.open}
            initial={returnState.initial}
            active={active.data ?? []}
            onClose={() => setReturnState((s) => ({ ...s, open: false }))}
          />
        </>
      ) : null}
    </Stack>
  );
}
