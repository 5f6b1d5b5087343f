import { Button, Card, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { can, formatQty, REQUISITION_STATES, REQUISITION_STATUS_LABELS, type Requisition } from '@retail-hub/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { PanelQuery } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { money } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  type RequisitionAction,
  type RequisitionPayload,
  useCreatePurchaseOrder,
  useDeleteRequisition,
  useLookups,
  useRequisitionAction,
  useRequisitions,
  useSaveRequisition,
} from '../api/purchasing';
import { DepartmentSelect, NoDepartmentAlert, useDepartmentChoice } from './department-choice';
import { ALL, DocumentListHeader, type FieldErrors, fieldErrorsOf } from './document-list';
import { type EditedLine, LineEditor, newLineKey } from './line-editor';
import { RequisitionStatusBadge } from './status-badge';

const statusOptions = [
  { value: ALL, label: 'All' },
  ...REQUISITION_STATES.map((value) => ({ value, label: REQUISITION_STATUS_LABELS[value] })),
];

/** Issue #16 item 3: requisitions, raised by departments and approved by procurement (ADR 0013). */
export function RequisitionsScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const [status, setStatus] = useState(ALL);
  const list = useRequisitions(status === ALL ? null : status);
  const [editing, setEditing] = useState<Requisition | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const requisitions = list.data ?? [];
  const open = requisitions.find((r) => r.id === openId) ?? null;

  return (
    <Stack gap="lg">
      <DocumentListHeader
        title={title}
        lead="Request items for a department; procurement approves and orders them."
        newLabel="New Requisition"
        onNew={() => setEditing('new')}
        statusOptions={statusOptions}
        status={status}
        onStatus={setStatus}
      />
      <Card p={0}>
        <PanelQuery
          query={list}
          errorTitle="Requisitions could not be loaded"
          empty="No requisitions yet"
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => <RequisitionsTable requisitions={rows} onOpen={setOpenId} />}
        </PanelQuery>
      </Card>
      {editing ? (
        <RequisitionForm
          requisition={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setOpenId(saved.id);
          }}
        />
      ) : null}
      {open && user ? (
        <RequisitionDetails
          requisition={open}
          userId={user.id}
          canApprove={can(user.role, 'purchasing.approve')}
          canOrder={can(user.role, 'purchasing.manage')}
          onEdit={() => {
            setOpenId(null);
            setEditing(open);
          }}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </Stack>
  );
}

type LineDraft = EditedLine & { qty: string; price: string };
const emptyLine = (): LineDraft => ({ key: newLineKey(), item: null, qty: '', price: '' });

function RequisitionForm({
  requisition,
  onClose,
}: {
  requisition: Requisition | null;
  onClose: (saved: Requisition | null) => void;
}) {
  const save = useSaveRequisition();
  const act = useRequisitionAction();
  const department = useDepartmentChoice(requisition?.departmentId ?? null);
  const [neededBy, setNeededBy] = useState(requisition?.neededByDate ?? '');
  const [note, setNote] = useState(requisition?.note ?? '');
  const [lines, setLines] = useState<LineDraft[]>(
    requisition
      ? requisition.lines.map((l) => ({
          key: newLineKey(),
          item: { id: l.itemId, label: `${l.itemSku} · ${l.itemName} (${l.uom})` },
          qty: formatQty(l.qtyRequested),
          price: l.estUnitPrice,
        }))
      : [emptyLine()],
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  // A department manager raises requisitions for the department they run only (the server refuses
  // others with 403); everyone else chooses, starting from their own department when they run one.
  const chosenDepartmentId = department.departmentId;
  const noOwnDepartment = department.noOwnDepartment;

  const submit = (andSubmit: boolean) => {
    const payload: RequisitionPayload = {
      departmentId: chosenDepartmentId ?? '',
      neededByDate: neededBy || null,
      note: note || null,
      lines: lines.map((l) => ({
        itemId: l.item?.id ?? '',
        qtyRequested: l.qty.trim(),
        ...(l.price.trim() ? { estUnitPrice: l.price.trim() } : {}),
      })),
    };
    save.mutate(
      { id: requisition?.id ?? null, payload },
      {
        onSuccess: (saved) => {
          if (!andSubmit) {
            notifySuccess({ title: 'Requisition saved', message: `${saved.reqNumber} is a draft.` });
            onClose(saved);
            return;
          }
          act.mutate(
            { id: saved.id, action: 'submit' },
            {
              onSuccess: () => {
                notifySuccess({ title: 'Requisition submitted', message: `${saved.reqNumber} awaits approval.` });
                onClose(saved);
              },
              onError: (error) =>
                notifyError({ title: 'Could not submit', message: serverMessage(error) ?? 'Please try again.' }),
            },
          );
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          notifyError({
            title: 'Could not save the requisition',
            message: serverMessage(error) ?? 'Please try again.',
          });
        },
      },
    );
  };

  const pending = save.isPending || act.isPending;

  return (
    <Modal
      opened
      onClose={() => onClose(null)}
      title={requisition ? `Edit ${requisition.reqNumber}` : 'New Requisition'}
      size="xl"
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DepartmentSelect choice={department} label="Department" error={errors.departmentId} />
          <TextInput
            label="Needed by"
            type="date"
            value={neededBy}
            onChange={(e) => setNeededBy(e.currentTarget.value)}
            error={errors.neededByDate}
          />
        </Group>
        {noOwnDepartment ? <NoDepartmentAlert what="a requisition" /> : null}
        <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
        <Text fw={600}>Lines</Text>
        {errors.lines ? (
          <Text c="red.8" size="sm">
            {errors.lines}
          </Text>
        ) : null}
        <LineEditor
          lines={lines}
          onChange={setLines}
          columns={[
            { field: 'qty', label: 'Quantity', serverField: 'qtyRequested' },
            { field: 'price', label: 'Est. unit price', serverField: 'estUnitPrice', placeholder: 'Last price' },
          ]}
          emptyLine={emptyLine}
          errors={errors}
          rowTestId="requisition-line"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => onClose(null)}>
            Cancel
          </Button>
          <Button variant="light" loading={pending} disabled={noOwnDepartment} onClick={() => submit(false)}>
            Save Draft
          </Button>
          <Button loading={pending} disabled={noOwnDepartment} onClick={() => submit(true)}>
            Save and Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RequisitionDetails({
  requisition: r,
  userId,
  canApprove,
  canOrder,
  onEdit,
  onClose,
}: {
  requisition: Requisition;
  userId: string;
  canApprove: boolean;
  canOrder: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const act = useRequisitionAction();
  const remove = useDeleteRequisition();
  const createOrder = useCreatePurchaseOrder();
  const lookups = useLookups();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const mine = r.requesterId === userId;

  const run = (action: RequisitionAction, done: string) =>
    act.mutate(
      { id: r.id, action, ...(note ? { note } : {}) },
      {
        onSuccess: () => notifySuccess({ title: done, message: r.reqNumber ?? '' }),
        onError: (error) => notifyError({ title: 'Not done', message: serverMessage(error) ?? 'Please try again.' }),
      },
    );

  const order = () =>
    createOrder.mutate(
      { supplierId: supplierId ?? '', requisitionIds: [r.id] },
      {
        onSuccess: (created) => {
          notifySuccess({ title: 'Purchase order created', message: `${created.poNumber} is a draft.` });
          onClose();
          void navigate(`/purchase-orders?id=${created.id}`);
        },
        onError: (error) =>
          notifyError({ title: 'Could not create the order', message: serverMessage(error) ?? 'Please try again.' }),
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Requisition ${r.reqNumber}`} size="xl">
      <Stack gap="sm" data-testid="requisition-details">
        <Group gap="xs">
          <RequisitionStatusBadge status={r.status} />
          <Text size="sm">
            {r.departmentName} · requested by {r.requesterName}
            {r.neededByDate ? ` · needed by ${r.neededByDate}` : ''}
          </Text>
        </Group>
        {r.note ? <Text size="sm">{r.note}</Text> : null}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Requested</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Est. unit price</Table.Th>
                <Table.Th ta="right">Est. total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {l.itemSku} · {l.itemName}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatQty(l.qtyRequested)} {l.uom}
                  </Table.Td>
                  <Table.Td ta="right">{formatQty(l.qtyOrdered)}</Table.Td>
                  <Table.Td ta="right">{money(l.estUnitPrice)}</Table.Td>
                  <Table.Td ta="right">{money(l.estTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" data-testid="requisition-estimate">
          Estimated value {money(r.estimatedTotal)} · department approval threshold {money(r.approvalThreshold)}
          {r.needsManagerApproval ? ' · needs a manager’s approval' : ''}
        </Text>
        {r.decidedByName ? (
          <Text size="sm">
            {r.status === 'rejected' ? 'Rejected' : 'Approved'} by {r.decidedByName}
            {r.decisionNote ? `: ${r.decisionNote}` : ''}
          </Text>
        ) : null}

        {r.status === 'submitted' && canApprove && !mine ? (
          <Stack gap="xs">
            <Textarea label="Decision note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            <Group>
              <Button color="teal" loading={act.isPending} onClick={() => run('approve', 'Requisition approved')}>
                Approve
              </Button>
              <Button
                color="red"
                variant="light"
                loading={act.isPending}
                onClick={() => run('reject', 'Requisition rejected')}
              >
                Reject
              </Button>
            </Group>
          </Stack>
        ) : null}
        {r.status === 'submitted' && mine ? (
          <Text size="sm" c="dimmed">
            Someone else approves your requisitions.
          </Text>
        ) : null}

        {r.status === 'approved' && canOrder ? (
          <Group align="flex-end">
            <Select
              label="Supplier"
              searchable
              data={(lookups.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={supplierId}
              onChange={setSupplierId}
              w={280}
            />
            <Button loading={createOrder.isPending} disabled={!supplierId} onClick={order}>
              Create Purchase Order
            </Button>
          </Group>
        ) : null}

        <Group justify="flex-end" mt="md">
          {mine && r.status === 'draft' ? (
            <>
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
              <Button variant="light" onClick={onEdit}>
                Edit
              </Button>
              <Button loading={act.isPending} onClick={() => run('submit', 'Requisition submitted')}>
                Submit
              </Button>
            </>
          ) : null}
          {mine && r.status === 'submitted' ? (
            <Button variant="light" loading={act.isPending} onClick={() => run('withdraw', 'Requisition withdrawn')}>
              Withdraw to Draft
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete Requisition"
        message={`Delete draft ${r.reqNumber}? This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              onClose();
            },
            onError: (error) =>
              notifyError({ title: 'Could not delete', message: serverMessage(error) ?? 'Please try again.' }),
          })
        }
        onCancel={() => setConfirmDelete(false)}
      />
    </Modal>
  );
}

function RequisitionsTable({ requisitions, onOpen }: { requisitions: Requisition[]; onOpen: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="requisitions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Requested by</Table.Th>
            <Table.Th>Needed by</Table.Th>
            <Table.Th ta="right">Estimated value</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requisitions.map((r) => (
            <Table.Tr key={r.id} data-testid="requisition-row">
              <Table.Td>
                <Button variant="subtle" px={4} onClick={() => onOpen(r.id)}>
                  {r.reqNumber}
                </Button>
              </Table.Td>
              <Table.Td>{r.departmentName}</Table.Td>
              <Table.Td>{r.requesterName}</Table.Td>
              <Table.Td>{r.neededByDate ?? '—'}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(r.estimatedTotal)}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <RequisitionStatusBadge status={r.status} />
                  {r.partiallyOrdered ? (
                    <Text size="xs" c="dimmed">
                      Partly ordered
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
