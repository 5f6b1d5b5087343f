import { Badge, Button, Group } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';

/**
 * What a department card shows on both screens (one department, ADR 0027): the Active/Archived
 * badge and the Edit and Archive/Restore actions. /departments names the department in each
 * button's accessible name ("Edit Science"); /procurement-departments keeps the plain words.
 */
export function DepartmentStatusBadge({ archived }: { archived: boolean }) {
  return archived ? (
    <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
      Archived
    </Badge>
  ) : (
    <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
      Active
    </Badge>
  );
}

type DepartmentCardActionsProps = {
  archived: boolean;
  isPending: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  /** When given, each button's accessible name ends with it ("Archive Science"). */
  name?: string;
  size?: 'xs' | 'sm';
};

export function DepartmentCardActions({
  archived,
  isPending,
  onEdit,
  onArchive,
  onRestore,
  name,
  size = 'sm',
}: DepartmentCardActionsProps) {
  const icon = size === 'xs' ? 14 : 16;
  const label = (verb: string) => (name ? `${verb} ${name}` : undefined);
  return (
    <Group gap="xs" mt="auto" pt="xs">
      <Button
        variant="default"
        size={size}
        leftSection={<IconPencil size={icon} aria-hidden />}
        onClick={onEdit}
        aria-label={label('Edit')}
      >
        Edit
      </Button>
      {archived ? (
        <Button
          variant="light"
          size={size}
          leftSection={<IconArchiveOff size={icon} aria-hidden />}
          onClick={onRestore}
          loading={isPending}
          aria-label={label('Restore')}
        >
          Restore
        </Button>
      ) : (
        <Button
          variant="light"
          color="red"
          size={size}
          leftSection={<IconArchive size={icon} aria-hidden />}
          onClick={onArchive}
          loading={isPending}
          aria-label={label('Archive')}
        >
          Archive
        </Button>
      )}
    </Group>
  );
}
