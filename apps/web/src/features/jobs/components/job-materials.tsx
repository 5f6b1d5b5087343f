import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type BomLine, formatQty, type JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { money } from '@/lib/money';
import { JOBS, useJobLookups } from '../api';
import { BomLineForm } from './bom-line-form';
import {
  type Action,
  isClosed,
  isPlanning,
  isWorking,
  planFrozenReason,
  ReadOnlyNote,
  Section,
  textField,
  when,
} from './job-parts';

type Props = { job: JobDetail; action: Action };

/** The bill of materials, the issues and returns against it and the movements so far. */
export function JobMaterials({ job, action }: Props) {
  const [editing, setEditing] = useState<BomLine | null>(null);
  const closed = isClosed(job);
  const planning = isPlanning(job);
  const frozen = planFrozenReason(job, 'bill of materials');
  const canIssue = isWorking(job);
  return (
    <Section title="Materials" testId="job-materials">
      <BomTable job={job} action={action} planning={planning} onEdit={setEditing} />
      {planning ? <AddBomLine job={job} action={action} /> : null}
      {frozen ? <ReadOnlyNote>{frozen}</ReadOnlyNote> : null}
      {editing ? <BomLineForm job={job} line={editing} action={action} onClose={() => setEditing(null)} /> : null}
      {canIssue || (!closed && job.status === 'ready') ? (
        <IssueOrReturn job={job} action={action} canIssue={canIssue} />
      ) : null}
      {job.materials.length > 0 ? <Movements job={job} /> : null}
    </Section>
  );
}

function BomTable({ job, action, planning, onEdit }: Props & { planning: boolean; onEdit: (line: BomLine) => void }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Required</Table.Th>
            <Table.Th ta="right">Issued</Table.Th>
            <Table.Th ta="right">Returned</Table.Th>
            <Table.Th ta="right">Unit cost</Table.Th>
            <Table.Th>Issued in full</Table.Th>
            {planning ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {job.bom.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" size="sm">
                  No materials on the bill of materials yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            job.bom.map((b) => (
              <BomRow key={b.id} job={job} line={b} action={action} planning={planning} onEdit={onEdit} />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BomRow({
  job,
  line: b,
  action,
  planning,
  onEdit,
}: Props & { line: BomLine; planning: boolean; onEdit: (line: BomLine) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        {b.sku} — {b.itemName}
        {b.notes ? (
          <Text size="xs" c="dimmed">
            {b.notes}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        {formatQty(b.qtyRequired)} {b.uom}
      </Table.Td>
      <Table.Td ta="right">{formatQty(b.qtyIssued)}</Table.Td>
      <Table.Td ta="right">{formatQty(b.qtyReturned)}</Table.Td>
      <Table.Td ta="right">{money(b.unitCost, job.priceCurrency)}</Table.Td>
      <Table.Td>
        <Badge color={b.fullyIssued ? 'green' : 'gray'} variant="light">
          {b.fullyIssued ? 'Yes' : 'Not yet'}
        </Badge>
      </Table.Td>
      {planning ? (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" aria-label={`Edit ${b.itemName}`} onClick={() => onEdit(b)}>
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Remove ${b.itemName}`}
              onClick={() =>
                action.mutate({
                  method: 'DELETE',
                  url: `${JOBS}/${job.id}/bom/${b.id}`,
                  done: 'Line removed',
                })
              }
            >
              Remove
            </Button>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The stores items as choices (SKU — name). */
function useItemChoices() {
  const lookups = useJobLookups();
  return (lookups.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.sku} — ${i.name}` }));
}

function AddBomLine({ job, action }: Props) {
  const items = useItemChoices();
  const [line, setLine] = useState({ itemId: null as string | null, qty: '' });
  return (
    <Group align="flex-end" mt="sm">
      <Select
        label="Material"
        searchable
        data={items}
        value={line.itemId}
        onChange={(v) => setLine((l) => ({ ...l, itemId: v }))}
        w={280}
      />
      <TextInput label="Quantity required" value={line.qty} onChange={textField(setLine, 'qty')} w={150} />
      <Button
        variant="light"
        onClick={() =>
          action.mutate(
            {
              url: `${JOBS}/${job.id}/bom`,
              body: { itemId: line.itemId ?? '', qtyRequired: line.qty },
              done: 'Material added',
            },
            { onSuccess: () => setLine({ itemId: null, qty: '' }) },
          )
        }
      >
        Add material
      </Button>
    </Group>
  );
}

function IssueOrReturn({ job, action, canIssue }: Props & { canIssue: boolean }) {
  const lookups = useJobLookups();
  const items = useItemChoices();
  const locations = (lookups.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.code} — ${l.name}` }));
  const [move, setMove] = useState({ itemId: null as string | null, locationId: null as string | null, qty: '' });
  const post = (kind: 'issue' | 'return') =>
    action.mutate(
      {
        url: `${JOBS}/${job.id}/materials/${kind}`,
        body: { itemId: move.itemId ?? '', locationId: move.locationId ?? '', qty: move.qty },
        done: kind === 'issue' ? 'Material issued to the job' : 'Material returned to stock',
      },
      { onSuccess: () => setMove((m) => ({ ...m, qty: '' })) },
    );
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        Issue or return
      </Title>
      <Group align="flex-end">
        <Select
          label="Item to move"
          searchable
          data={items}
          value={move.itemId}
          onChange={(v) => setMove((m) => ({ ...m, itemId: v }))}
          w={260}
        />
        <Select
          label="Location"
          searchable
          data={locations}
          value={move.locationId}
          onChange={(v) => setMove((m) => ({ ...m, locationId: v }))}
          w={220}
        />
        <TextInput label="Quantity" value={move.qty} onChange={textField(setMove, 'qty')} w={120} />
        {canIssue ? <Button onClick={() => post('issue')}>Issue to job</Button> : null}
        <Button variant="light" onClick={() => post('return')}>
          Return to stock
        </Button>
      </Group>
    </Stack>
  );
}

function Movements({ job }: { job: JobDetail }) {
  return (
    <Table.ScrollContainer minWidth={600} mt="md">
      <Table data-testid="material-movements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Movement</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit cost</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {job.materials.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{when(m.at)}</Table.Td>
              <Table.Td>{m.kind === 'issue' ? 'Issued' : 'Returned'}</Table.Td>
              <Table.Td>{m.sku}</Table.Td>
              <Table.Td>{m.locationCode}</Table.Td>
              <Table.Td ta="right">{formatQty(m.qty)}</Table.Td>
              <Table.Td ta="right">{money(m.unitCost, job.priceCurrency)}</Table.Td>
              <Table.Td>{m.byName ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
