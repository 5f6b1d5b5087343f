import { Badge, Box, Button, Group, Menu, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  displayName,
  mayChangeRoleOrStatus,
  maySetPinOf,
  outranksOrEquals,
  ROLE_LABELS,
  type SessionUser,
  USER_MESSAGES,
  type UserSummary,
} from '@retail-hub/shared';
import { IconChevronDown, IconEdit, IconKey, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';

export type StaffAction = 'edit' | 'pin' | 'toggle' | 'delete';

type StaffTableProps = {
  staff: UserSummary[];
  actor: SessionUser;
  /** The member whose status change is in flight (its button shows a spinner). */
  pendingStatusFor: string | null;
  onAction: (action: StaffAction, member: UserSummary) => void;
};

/**
 * spec §2 Staff Directory: Full Name, Email Address, Role, Status, Actions (Edit, Set PIN,
 * Disable/Enable, Delete). Actions the server would refuse (docs/adr/0005: someone above the
 * actor; one's own status) are disabled with the reason as a tooltip.
 */
export function StaffTable({ staff, actor, pendingStatusFor, onAction }: StaffTableProps) {
  // Below a counter PC's width (a tablet, or a narrow window) the four buttons fold into a menu.
  const compact = useMediaQuery('(max-width: 74.99em)') ?? false;
  return (
    <Table.ScrollContainer minWidth={compact ? 640 : 900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={compact ? 'xs' : 'sm'}
        highlightOnHover
        aria-label="Staff Directory"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full Name</Table.Th>
            <Table.Th>Email Address</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((member) => {
            const name = displayName(member, 'Unnamed');
            const above = !outranksOrEquals(actor.role, member.role);
            const isSelf = member.id === actor.id;
            const statusLocked = !mayChangeRoleOrStatus(actor, member);
            const aboveTitle = above ? 'This user’s role is above yours.' : undefined;
            const statusTitle = isSelf ? 'You cannot change your own status.' : aboveTitle;
            // Issue #13 item 2: a PIN only for oneself or a lower role (a peer's would let one sign in as them).
            const pinLocked = !maySetPinOf(actor, member);
            const pinTitle = above ? aboveTitle : pinLocked ? USER_MESSAGES.pinOfPeer : undefined;
            return (
              <Table.Tr key={member.id} data-testid="staff-row">
                <Table.Td>
                  <Text fw={600}>{name}</Text>
                  {isSelf && (
                    <Badge size="xs" variant="light">
                      You
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {member.email ? <EmailAddress email={member.email} /> : <Text c="dimmed">No email</Text>}
                </Table.Td>
                {/* A badge clips its label to fit; max-content keeps the column as wide as the label. */}
                <Table.Td>
                  <Box miw="max-content">
                    <Badge variant="light" color={member.role === 'super_admin' ? 'grape' : 'blue'} tt="none">
                      {ROLE_LABELS[member.role]}
                    </Badge>
                  </Box>
                </Table.Td>
                <Table.Td>
                  <Box miw="max-content">
                    <Badge variant="dot" color={member.isActive ? 'green' : 'gray'} tt="none">
                      {member.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Box>
                </Table.Td>
                <Table.Td>
                  <StaffActions
                    member={member}
                    name={name}
                    compact={compact}
                    editLocked={above}
                    pinLocked={pinLocked}
                    statusLocked={statusLocked}
                    editTitle={aboveTitle}
                    pinTitle={pinTitle}
                    statusTitle={statusTitle}
                    isStatusPending={pendingStatusFor === member.id}
                    onAction={onAction}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An address that may wrap only after the '@' on a narrow screen. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

type StaffActionsProps = {
  member: UserSummary;
  name: string;
  compact: boolean;
  editLocked: boolean;
  pinLocked: boolean;
  statusLocked: boolean;
  editTitle?: string;
  pinTitle?: string;
  statusTitle?: string;
  isStatusPending: boolean;
  onAction: (action: StaffAction, member: UserSummary) => void;
};

/** Edit, Set PIN, Disable/Enable, Delete: four buttons on a wide screen, one menu on a tablet. */
function StaffActions({
  member,
  name,
  compact,
  editLocked,
  pinLocked,
  statusLocked,
  editTitle,
  pinTitle,
  statusTitle,
  isStatusPending,
  onAction,
}: StaffActionsProps) {
  const toggleLabel = member.isActive ? 'Disable' : 'Enable';
  const deleteLocked = statusLocked || !member.isActive;
  const deleteTitle = member.isActive ? statusTitle : 'Already deactivated.';
  if (compact) {
    return (
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={isStatusPending}
            aria-label={`Actions for ${name}`}
          >
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconEdit size={18} aria-hidden />}
            disabled={editLocked}
            onClick={() => onAction('edit', member)}
          >
            Edit
          </Menu.Item>
          <Menu.Item
            leftSection={<IconKey size={18} aria-hidden />}
            disabled={pinLocked}
            title={pinTitle}
            onClick={() => onAction('pin', member)}
          >
            Set PIN
          </Menu.Item>
          <Menu.Item
            leftSection={
              member.isActive ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />
            }
            disabled={statusLocked}
            onClick={() => onAction('toggle', member)}
          >
            {toggleLabel}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            disabled={deleteLocked}
            onClick={() => onAction('delete', member)}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="sm"
        px="sm"
        variant="default"
        onClick={() => onAction('edit', member)}
        disabled={editLocked}
        title={editTitle}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        size="sm"
        px="sm"
        variant="default"
        onClick={() => onAction('pin', member)}
        disabled={pinLocked}
        title={pinTitle}
        aria-label={`Set PIN for ${name}`}
      >
        Set PIN
      </Button>
      <Button
        size="sm"
        px="sm"
        miw={84}
        variant="light"
        color={member.isActive ? 'orange' : 'green'}
        onClick={() => onAction('toggle', member)}
        disabled={statusLocked}
        loading={isStatusPending}
        title={statusTitle}
        aria-label={`${toggleLabel} ${name}`}
      >
        {toggleLabel}
      </Button>
      <Button
        size="sm"
        px="sm"
        variant="light"
        color="red"
        onClick={() => onAction('delete', member)}
        disabled={deleteLocked}
        title={deleteTitle}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </Group>
  );
}
