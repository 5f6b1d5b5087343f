import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  maySetPinOf,
  outranksOrEquals,
  ROLE_LABELS,
  type Role,
  type SessionUser,
  STAFF_ROLE_CHOICES,
  sanitizePinInput,
  staffCreateBodySchema,
  staffUpdateBodySchema,
  USER_MESSAGES,
  type UserSummary,
} from '@retail-hub/shared';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateStaff } from '../api/create-staff';
import { useUpdateStaff } from '../api/update-staff';

type StaffFormDialogProps = {
  opened: boolean;
  actor: SessionUser;
  /** null: Add New Staff; a user: Edit Staff Member. */
  member: UserSummary | null;
  onClose: () => void;
};

type Values = { firstName: string; lastName: string; email: string; role: Role; pin: string };
type Errors = Partial<Record<keyof Values, string>>;

function initialValues(member: UserSummary | null): Values {
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    email: member?.email ?? '',
    role: member?.role ?? 'cashier',
    pin: '',
  };
}

/** Field messages from a zod result, first message per field (spec §5 Staff texts come from the shared schema). */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'firstName') as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * spec §2 Staff & PIN Management dialogs 'Add New Staff' and 'Edit Staff Member'; spec §5 Staff:
 * first name required, last name and e-mail optional, a PIN of exactly 4 digits if given (the
 * input strips non-digits and keeps 4). Roles offered: cashier, manager, department_manager
 * (spec §6), those above the actor's own level disabled (the server refuses them).
 */
export function StaffFormDialog({ opened, actor, member, onClose }: StaffFormDialogProps) {
  const isEdit = member !== null;
  const [values, setValues] = useState<Values>(() => initialValues(member));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const createStaff = useCreateStaff();
  const updateStaff = useUpdateStaff();
  const isPending = createStaff.isPending || updateStaff.isPending;

  const isSelf = member?.id === actor.id;
  const choices: readonly Role[] =
    member && !STAFF_ROLE_CHOICES.includes(member.role as (typeof STAFF_ROLE_CHOICES)[number])
      ? [...STAFF_ROLE_CHOICES, member.role]
      : STAFF_ROLE_CHOICES;
  const pinAllowed = maySetPinOf(actor, { id: '', role: values.role });
  const roleData = choices.map((role) => ({
    value: role,
    label: outranksOrEquals(actor.role, role) ? ROLE_LABELS[role] : `${ROLE_LABELS[role]} (above your role)`,
    disabled: role !== member?.role && !outranksOrEquals(actor.role, role),
  }));

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (isEdit && member) {
      const profile = {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        role: values.role,
      };
      const parsed = staffUpdateBodySchema.safeParse(profile);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      updateStaff.mutate(
        { id: member.id, profile },
        {
          onSuccess: () => {
            notifySuccess({
              replace: true,
              title: 'Staff member updated',
              message: `${values.firstName.trim()} was saved.`,
            });
            onClose();
          },
          onError: (error) => {
            const message = serverMessage(error) ?? 'Failed to update user';
            setFailure(message);
            notifyError({ replace: true, title: 'Failed to update staff.', message });
          },
        },
      );
      return;
    }
    const body = {
      name: [values.firstName.trim(), values.lastName.trim()].filter(Boolean).join(' '),
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      role: values.role,
      // Issue #13 item 2: a PIN only for a role below one's own (a higher role sets the others').
      pin: pinAllowed ? values.pin : '',
    };
    const parsed = staffCreateBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    createStaff.mutate(body, {
      onSuccess: (created) => {
        notifySuccess({
          replace: true,
          title: 'Staff member added',
          message: body.pin
            ? `${created.firstName} can sign in with the PIN you chose.`
            : `${created.firstName} needs a PIN before they can sign in: use Set PIN.`,
        });
        onClose();
      },
      onError: (error) => {
        const message = serverMessage(error) ?? 'Failed to create user';
        setFailure(message);
        notifyError({ replace: true, title: 'Failed to create staff.', message });
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Edit Staff Member' : 'Add New Staff'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              data-autofocus
              value={values.firstName}
              onChange={(event) => set('firstName')(event.currentTarget.value)}
              error={errors.firstName}
              maxLength={255}
              autoComplete="off"
            />
            <TextInput
              label="Last name"
              value={values.lastName}
              onChange={(event) => set('lastName')(event.currentTarget.value)}
              error={errors.lastName}
              maxLength={255}
              autoComplete="off"
            />
          </SimpleGrid>
          <TextInput
            label="Email address"
            type="email"
            placeholder="name@example.com"
            value={values.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={errors.email}
            maxLength={255}
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Role"
              data={roleData}
              value={values.role}
              allowDeselect={false}
              onChange={(value) => value && set('role')(value)}
              error={errors.role}
              disabled={isSelf}
              description={isSelf ? 'You cannot change your own role.' : undefined}
            />
            {!isEdit && (
              <TextInput
                label="PIN (optional)"
                description={pinAllowed ? '4 digits; can also be set later' : USER_MESSAGES.pinOfPeer}
                disabled={!pinAllowed}
                inputMode="numeric"
                autoComplete="off"
                value={pinAllowed ? values.pin : ''}
                onChange={(event) => set('pin')(sanitizePinInput(event.currentTarget.value))}
                error={errors.pin}
                maxLength={4}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              {isEdit ? 'Save Changes' : 'Add Staff'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
