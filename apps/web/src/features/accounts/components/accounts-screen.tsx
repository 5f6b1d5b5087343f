import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ACCOUNT_PAYMENT_METHODS, type AccountEntry, can, paymentMethodTitle } from '@retail-hub/shared';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { statementCsvUrl, useAccounts, useApproveCharge, useRecordPayment, useStatement } from '../api/accounts';

function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

const ENTRY_LABELS: Record<AccountEntry['kind'], string> = {
  charge: 'Charge',
  refund: 'Refund',
  void: 'Void',
  payment: 'Payment',
};

/**
 * Issue #34 item 3 (ADR 0034): the accounts with their balance and limit; a month's statement
 * (print, CSV), payments on account for managers, and a department manager's approval of their
 * department's charges.
 */
export function AccountsScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const accounts = useAccounts();
  const [selected, setSelected] = useState<string | null>(null);
  const [month, setMonth] = useState(thisMonth());
  const rows = accounts.data ?? [];
  const current = rows.find((a) => a.id === selected) ?? null;
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconFileInvoice size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      {accounts.isLoading ? (
        <PanelLoading />
      ) : rows.length === 0 ? (
        <PanelEmpty>No accounts found</PanelEmpty>
      ) : (
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Credit limit</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th>Pending</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.id} aria-selected={a.id === selected}>
                    <Table.Td>{a.name}</Table.Td>
                    <Table.Td>{a.kind === 'department' ? 'Department' : 'Customer'}</Table.Td>
                    <Table.Td ta="right">{a.balance}</Table.Td>
                    <Table.Td ta="right">{a.creditLimit}</Table.Td>
                    <Table.Td ta="right">{a.available}</Table.Td>
                    <Table.Td>{a.pendingCharges > 0 ? `${a.pendingCharges} to approve` : ''}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setSelected(a.id)}
                        aria-label={`Statement of ${a.name}`}
                      >
                        Statement
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {current && (
        <Statement
          accountId={current.id}
          name={current.name}
          month={month}
          onMonth={setMonth}
          canTakePayments={can(user?.role, 'accounts.manage')}
        />
      )}
    </Stack>
  );
}

function Statement({
  accountId,
  name,
  month,
  onMonth,
  canTakePayments,
}: {
  accountId: string;
  name: string;
  month: string;
  onMonth: (month: string) => void;
  canTakePayments: boolean;
}) {
  const statement = useStatement(accountId, month);
  const approve = useApproveCharge(accountId);
  const s = statement.data;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="end">
          <Title order={2} size="h3">
            Statement: {name}
          </Title>
          <Group align="end">
            <TextInput
              type="month"
              label="Month"
              value={month}
              onChange={(e) => e.currentTarget.value && onMonth(e.currentTarget.value)}
            />
            <Anchor href={statementCsvUrl(accountId, month)} download>
              Download CSV
            </Anchor>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Group>
        {statement.isError && (
          <Alert color="red">{serverMessage(statement.error) ?? 'Could not load the statement'}</Alert>
        )}
        {approve.isError && <Alert color="red">{serverMessage(approve.error) ?? 'Could not approve the charge'}</Alert>}
        {s && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label="Opening balance" value={s.openingBalance} />
              <Figure label="Charges" value={s.charges} />
              <Figure label="Payments" value={s.payments} />
              <Figure label="Closing balance" value={s.closingBalance} />
            </SimpleGrid>
            {s.entries.length === 0 ? (
              <Text c="dimmed">No entries this month</Text>
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Entry</Table.Th>
                      <Table.Th>Sale</Table.Th>
                      <Table.Th>Method / reference</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Approval</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.entries.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td>{e.createdAt.slice(0, 10)}</Table.Td>
                        <Table.Td>{ENTRY_LABELS[e.kind]}</Table.Td>
                        <Table.Td>{e.saleNumber ?? ''}</Table.Td>
                        <Table.Td>
                          {[e.method ? paymentMethodTitle(e.method) : null, e.referenceCode]
                            .filter(Boolean)
                            .join(' · ')}
                        </Table.Td>
                        <Table.Td ta="right">{e.amount}</Table.Td>
                        <Table.Td>
                          {e.approval === 'approved' && (
                            <Badge color="green" variant="light">
                              Approved{e.approvedBy ? ` by ${e.approvedBy}` : ''}
                            </Badge>
                          )}
                          {e.approval === 'pending' && (
                            <Group gap="xs">
                              <Badge color="yellow" variant="light">
                                Pending
                              </Badge>
                              <Button
                                size="xs"
                                onClick={() => approve.mutate(e.id)}
                                loading={approve.isPending && approve.variables === e.id}
                                aria-label={`Approve charge ${e.saleNumber ?? ''}`}
                              >
                                Approve
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        {canTakePayments && <PaymentForm accountId={accountId} />}
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function PaymentForm({ accountId }: { accountId: string }) {
  const record = useRecordPayment(accountId);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string>('bank_transfer');
  const [reference, setReference] = useState('');
  const errors = (record.error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors ?? {};
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate(
          { amount, method, referenceCode: reference || null },
          {
            onSuccess: () => {
              setAmount('');
              setReference('');
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h4">
          Record payment
        </Title>
        <Group align="start">
          <TextInput
            label="Amount"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal"
            required
            error={errors.amount}
          />
          <Select
            label="Method"
            value={method}
            onChange={(v) => v && setMethod(v)}
            data={ACCOUNT_PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodTitle(m) }))}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.referenceCode}
          />
        </Group>
        {record.isError && !errors.amount && (
          <Alert color="red">{serverMessage(record.error) ?? 'Could not record the payment'}</Alert>
        )}
        <Group>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
