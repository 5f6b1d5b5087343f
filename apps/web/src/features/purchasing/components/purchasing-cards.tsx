import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { can, screenFor } from '@retail-hub/shared';
import { IconClipboardCheck, IconPackageImport, IconRefreshAlert } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard } from '@/components/stat-card';
import { useAuth } from '@/lib/auth';
import { usePurchasingSummary } from '../api/purchasing';

/**
 * Issue #16 item 7: the procurement dashboard's purchasing cards, each a link to where the work
 * is. Shown to the roles that order (purchasing.manage).
 */
export function PurchasingCards() {
  const { user } = useAuth();
  const allowed = can(user?.role, 'purchasing.manage');
  const summary = usePurchasingSummary(allowed);
  if (!allowed) return null;
  const figure = (value: number | undefined) => String(summary.isError ? 0 : (value ?? 0));
  const cards = [
    {
      to: '/requisitions',
      label: 'Awaiting Approval',
      value: figure(summary.data?.requisitionsAwaitingApproval),
      note: 'Submitted requisitions',
      icon: IconClipboardCheck,
      color: 'blue',
    },
    {
      to: '/purchase-orders',
      label: 'Awaiting Delivery',
      value: figure(summary.data?.ordersAwaitingDelivery),
      note: 'Sent or confirmed orders',
      icon: IconPackageImport,
      color: 'teal',
    },
    {
      // The Stores screen (its reorder list), or the requisitions where it is absent.
      to: screenFor('/stores') ? '/stores' : '/requisitions',
      label: 'Items to Reorder',
      value: figure(summary.data?.itemsToReorder),
      note: 'At or under their reorder point',
      icon: IconRefreshAlert,
      color: 'orange',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="purchasing-cards">
      {cards.map((card) => (
        <UnstyledButton
          key={card.label}
          component={Link}
          to={card.to}
          aria-label={`${card.label}: ${card.value}`}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <StatCard
            label={card.label}
            value={card.value}
            note={card.note}
            icon={card.icon}
            color={card.color}
            pending={summary.isPending}
            testId={`purchasing-card-${card.label}`}
          />
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
