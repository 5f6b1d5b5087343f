import { Alert, Badge, Card, Group, ScrollArea, Select, Skeleton, Stack, Text } from '@mantine/core';
import { type ActivityEntry, displayName, ROLE_LABELS } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useActivity } from '../api/get-activity';
import { activityLabel } from './format';

const ALARMING = new Set([
  'login_failed',
  'login_throttled',
  'access_denied',
  'pin_refused',
  'pin_change_throttled',
  'discount_over_cap_unapproved',
  'offline_sale_held',
  'offline_sale_unavailable_at_store',
]);

/**
 * Types offered by the filter besides those in the feed (issue #15 item 9: refunds, voids,
 * discounts above cap, manager approvals, stock counts and adjustments, receipt copies).
 */
const KNOWN_TYPES = [
  'login',
  'login_failed',
  'logout',
  'access_denied',
  'sale',
  'shift_started',
  'shift_ended',
  'refund',
  'sale_voided',
  'discount_over_cap',
  'discount_over_cap_unapproved',
  'discount_caps_changed',
  'offline_sale_price_differs',
  'offline_sale_unavailable_at_store',
  'offline_sale_held',
  'offline_sale_held_recorded',
  'offline_sale_held_voided',
  'approval_granted',
  'approval_refused',
  'approval_throttled',
  'stock_adjusted',
  'stock_counted',
  'receipt_reprinted',
  'receipt_emailed',
];

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const who = entry.user ? displayName(entry.user, 'Unnamed user') : 'Unknown user';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py="xs" data-testid="activity-row">
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text fw={600}>{who}</Text>
          <Badge size="sm" variant="light" color={ALARMING.has(entry.activityType) ? 'red' : 'blue'}>
            {activityLabel(entry.activityType)}
          </Badge>
        </Group>
        {entry.summary && <Text size="sm">{entry.summary}</Text>}
        <Text size="xs" c="dimmed">
          IP {entry.ipAddress ?? 'unknown'} · {format(new Date(entry.timestamp), 'MMM d, HH:mm')}
        </Text>
      </Stack>
      {entry.user && (
        <Badge variant="outline" color={entry.user.role === 'super_admin' ? 'grape' : 'gray'} style={{ flexShrink: 0 }}>
          {ROLE_LABELS[entry.user.role]}
        </Badge>
      )}
    </Group>
  );
}

/** spec §2 Developer dashboard, User Activity: user, type, IP, 'MMM d, HH:mm', role badge; scrolls at ~24 rem. */
export function ActivityTab() {
  const [type, setType] = useState<string | null>(null);
  const activity = useActivity(type);
  const everything = useActivity();
  const types = [...new Set([...KNOWN_TYPES, ...(everything.data ?? []).map((e) => e.activityType)])].sort();
  return (
    <Card padding="md">
      <Select
        label="Activity type"
        placeholder="All types"
        clearable
        searchable
        mb="sm"
        maw={320}
        value={type}
        onChange={setType}
        data={types.map((t) => ({ value: t, label: activityLabel(t) }))}
      />
      {activity.isPending ? (
        <Skeleton h={200} />
      ) : activity.isError ? (
        <Alert color="red" title="Activity unavailable">
          {serverMessage(activity.error) ?? 'Please try again.'}
        </Alert>
      ) : activity.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No activity data available
        </Text>
      ) : (
        <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars aria-label="Recent activity">
          <Stack gap={0} style={{ borderTop: 0 }}>
            {activity.data.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
