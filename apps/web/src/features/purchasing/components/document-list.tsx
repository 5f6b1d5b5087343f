import { Button, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';

/**
 * What the purchasing documents' list screens share (requisitions, purchase orders; issue #33
 * item 4): the status filter's "All", the server's field messages, and the header (title, what
 * the screen is for, the New button and the status filter).
 */

export const ALL = 'all';

export type FieldErrors = Record<string, string>;

export const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};

export function DocumentListHeader({
  title,
  lead,
  newLabel,
  onNew,
  statusOptions,
  status,
  onStatus,
}: {
  title: string;
  lead: string;
  newLabel: string;
  onNew: () => void;
  statusOptions: { value: string; label: string }[];
  status: string;
  onStatus: (status: string) => void;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{lead}</Text>
        </div>
        <Button size="md" leftSection={<IconPlus size={20} aria-hidden />} onClick={onNew}>
          {newLabel}
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Status"
        data={statusOptions}
        value={status}
        onChange={onStatus}
        style={{ alignSelf: 'flex-start' }}
      />
    </>
  );
}
