import { Alert, Button, Card, Group, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { can } from '@retail-hub/shared';
import { IconSettings } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PanelLoading } from '@/components/panel';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  approvalThresholdUrl,
  departmentManagerUrl,
  PURCHASING_SETTINGS_URL,
  useDepartmentManagers,
  useLookups,
  usePurchasingSettings,
  useSaveSetting,
} from '../api/purchasing';

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? (error.body?.errors as Record<string, string> | undefined)?.[field] : undefined;

function ToleranceSection() {
  const settings = usePurchasingSettings();
  const save = useSaveSetting();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (settings.data) setValue(settings.data.overReceiptTolerancePercent);
  }, [settings.data]);
  return (
    <Card withBorder component="section" aria-labelledby="tolerance-title">
      <Title order={2} size="h4" id="tolerance-title">
        Over-receipt tolerance
      </Title>
      <Text size="sm" mb="sm">
        How much more than ordered a line may receive, over all its receipts together. 0 refuses any excess.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { url: PURCHASING_SETTINGS_URL, body: { overReceiptTolerancePercent: value } },
            {
              onSuccess: () => notifySuccess({ title: 'Saved', message: `Over-receipt tolerance is ${value}%.` }),
            },
          );
        }}
      >
        <Group align="start">
          <TextInput
            label="Tolerance (%)"
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={fieldError(save.error, 'overReceiptTolerancePercent')}
            w={200}
          />
          <Button type="submit" mt={25} loading={save.isPending}>
            Save tolerance
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function ThresholdRow({
  id,
  code,
  name,
  threshold,
  editable,
}: {
  id: string;
  code: string;
  name: string;
  threshold: string;
  editable: boolean;
}) {
  const [value, setValue] = useState(threshold);
  const save = useSaveSetting();
  useEffect(() => setValue(threshold), [threshold]);
  return (
    <Table.Tr data-testid="threshold-row">
      <Table.Td>
        {code} · {name}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <TextInput
            aria-label={`Approval threshold for ${name}`}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={fieldError(save.error, 'approvalThreshold')}
            w={160}
          />
        ) : (
          threshold
        )}
      </Table.Td>
      {editable ? (
        <Table.Td>
          <Button
            size="xs"
            variant="light"
            loading={save.isPending}
            disabled={value === threshold}
            aria-label={`Save the approval threshold for ${name}`}
            onClick={() =>
              save.mutate(
                { url: approvalThresholdUrl(id), body: { approvalThreshold: value } },
                {
                  onSuccess: () => notifySuccess({ title: 'Saved', message: `${name}: approval threshold saved.` }),
                  onError: (error) =>
                    notifyError({ title: 'Not saved', message: serverMessage(error) ?? 'Please try again.' }),
                },
              )
            }
          >
            Save
          </Button>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function ThresholdSection({ editable }: { editable: boolean }) {
  const lookups = useLookups();
  return (
    <Card withBorder component="section" aria-labelledby="threshold-title">
      <Title order={2} size="h4" id="threshold-title">
        Department approval thresholds
      </Title>
      <Text size="sm" mb="sm">
        A requisition estimated above its department's threshold is approved only by a manager or super admin.
        {editable ? '' : ' Only managers and super admins change these.'}
      </Text>
      {lookups.isPending ? (
        <PanelLoading />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label="Department approval thresholds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Department</Table.Th>
                <Table.Th>Threshold</Table.Th>
                {editable ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lookups.data?.departments ?? []).map((d) => (
                <ThresholdRow
                  key={d.id}
                  id={d.id}
                  code={d.code}
                  name={d.name}
                  threshold={d.approvalThreshold}
                  editable={editable}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function ManagersSection({ editable }: { editable: boolean }) {
  const managers = useDepartmentManagers();
  const lookups = useLookups();
  const save = useSaveSetting();
  const departments = (lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
  return (
    <Card withBorder component="section" aria-labelledby="managers-title">
      <Title order={2} size="h4" id="managers-title">
        Department managers
      </Title>
      <Text size="sm" mb="sm">
        A department manager raises requisitions for, and sees the stock of, the department they run only.
      </Text>
      {managers.isPending ? (
        <PanelLoading />
      ) : managers.isError ? (
        <Alert color="red" title="Department managers could not be loaded">
          {serverMessage(managers.error) ?? 'Please try again.'}
        </Alert>
      ) : managers.data.length === 0 ? (
        <Text size="sm">No active department managers.</Text>
      ) : (
        <Stack gap="xs">
          {managers.data.map((m) =>
            editable ? (
              <Select
                key={m.userId}
                label={m.name}
                placeholder="No department"
                clearable
                searchable
                data={departments}
                value={m.departmentId}
                onChange={(departmentId) =>
                  save.mutate(
                    { url: departmentManagerUrl(m.userId), body: { departmentId } },
                    {
                      onSuccess: () => notifySuccess({ title: 'Saved', message: `${m.name}'s department saved.` }),
                      onError: (error) =>
                        notifyError({ title: 'Not saved', message: serverMessage(error) ?? 'Please try again.' }),
                    },
                  )
                }
                w={360}
              />
            ) : (
              <Text key={m.userId} size="sm">
                {m.name}: {m.departmentName ?? 'no department'}
              </Text>
            ),
          )}
        </Stack>
      )}
    </Card>
  );
}

/** Issue #30 item 21: the buyer's name and address, printed on every purchase order. */
function BuyerSection() {
  const settings = usePurchasingSettings();
  const save = useSaveSetting();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  useEffect(() => {
    if (settings.data) {
      setName(settings.data.buyerName ?? '');
      setAddress(settings.data.buyerAddress ?? '');
    }
  }, [settings.data]);
  return (
    <Card withBorder component="section" aria-labelledby="buyer-title">
      <Title order={2} size="h4" id="buyer-title">
        Buyer on purchase orders
      </Title>
      <Text size="sm" mb="sm">
        The name and address a supplier delivers to and invoices, printed at the top of every order.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!settings.data) return;
          save.mutate(
            {
              url: PURCHASING_SETTINGS_URL,
              body: {
                overReceiptTolerancePercent: settings.data.overReceiptTolerancePercent,
                buyerName: name.trim() || null,
                buyerAddress: address.trim() || null,
              },
            },
            { onSuccess: () => notifySuccess({ title: 'Saved', message: 'The buyer on purchase orders is saved.' }) },
          );
        }}
      >
        <Stack gap="sm" maw={480}>
          <TextInput
            label="Buyer name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(save.error, 'buyerName')}
          />
          <Textarea
            label="Buyer address"
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            error={fieldError(save.error, 'buyerAddress')}
            autosize
            minRows={3}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!settings.data}>
              Save buyer
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Issue #16: the purchasing settings (tolerance, approval thresholds, department managers). */
export function PurchasingSettingsScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const editable = can(user?.role, 'purchasing.settings');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconSettings size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <ToleranceSection />
      <BuyerSection />
      <ThresholdSection editable={editable} />
      <ManagersSection editable={editable} />
    </Stack>
  );
}
