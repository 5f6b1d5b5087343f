import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Writeoff } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelQuery } from '@/components/panel';
import { registerPaths, useRegisterAction } from './api';
import { assetPageHref } from './asset-links';
import { DisposeDialog, salvageText } from './dispose-dialog';

const WRITEOFF_COLORS: Record<string, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'orange',
  rejected: 'red',
  disposed: 'dark',
};

/** Write-offs: submitted by one person, approved by another, then disposed of (ADR 0018). */
export function WriteoffsTab({
  canManage,
  canDecide,
  userId,
}: {
  canManage: boolean;
  /** Approve, reject, dispose: not a department manager's (ADR 0004 Asset register). */
  canDecide: boolean;
  userId: string | undefined;
}) {
  const writeoffs = useQuery<Writeoff[]>({ queryKey: [registerPaths.writeoffs] });
  const action = useRegisterAction();
  const [disposing, setDisposing] = useState<Writeoff | null>(null);
  const step = (w: Writeoff, name: string, done: string, body?: unknown) =>
    action.mutate({ url: registerPaths.writeoffStep(w.id, name), body, done });
  return (
    <Stack gap="sm">
      {disposing ? <DisposeDialog writeoff={disposing} onClose={() => setDisposing(null)} /> : null}
      <PanelQuery
        query={writeoffs}
        errorTitle="Write-offs could not be loaded"
        empty="No write-offs yet"
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <WriteoffsTable
            writeoffs={list}
            canManage={canManage}
            canDecide={canDecide}
            userId={userId}
            step={step}
            onDispose={setDisposing}
          />
        )}
      </PanelQuery>
    </Stack>
  );
}

type Step = (w: Writeoff, name: string, done: string, body?: unknown) => void;

function WriteoffsTable({
  writeoffs,
  canManage,
  canDecide,
  userId,
  step,
  onDispose,
}: {
  writeoffs: Writeoff[];
  canManage: boolean;
  canDecide: boolean;
  userId: string | undefined;
  step: Step;
  onDispose: (w: Writeoff) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Write-offs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Requested by</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Salvage</Table.Th>
            {canManage ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {writeoffs.map((w) => {
            const own = w.requestedBy === userId;
            return (
              <Table.Tr key={w.id} data-testid="writeoff-row">
                <Table.Td>
                  <Anchor component={Link} to={assetPageHref(w.assetId)} ff="monospace">
                    {w.assetTag ?? w.itemName}
                  </Anchor>
                  <Text size="xs">{w.itemName}</Text>
                </Table.Td>
                <Table.Td tt="capitalize">{w.reason}</Table.Td>
                <Table.Td>{w.requestedByName ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={WRITEOFF_COLORS[w.status]} variant="light">
                    {w.status}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="writeoff-salvage">
                  {salvageText(w) ?? '—'}
                  {w.status === 'disposed' && w.disposalMethod ? (
                    <Text size="xs">
                      {w.disposalMethod} on {w.disposalDate}
                    </Text>
                  ) : null}
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    <WriteoffActions writeoff={w} own={own} canDecide={canDecide} step={step} onDispose={onDispose} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Submit a draft; approve or reject someone else's; dispose of an approved unit. */
function WriteoffActions({
  writeoff: w,
  own,
  canDecide,
  step,
  onDispose,
}: {
  writeoff: Writeoff;
  own: boolean;
  canDecide: boolean;
  step: Step;
  onDispose: (w: Writeoff) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {w.status === 'draft' ? (
        <Button size="xs" onClick={() => step(w, 'submit', 'Submitted for approval.')}>
          Submit
        </Button>
      ) : null}
      {w.status === 'submitted' && own ? <Text size="xs">Someone else approves</Text> : null}
      {w.status === 'submitted' && !own && !canDecide ? (
        <Text size="xs">A procurement admin or manager approves</Text>
      ) : null}
      {w.status === 'submitted' && !own && canDecide ? (
        <>
          <Button size="xs" color="green" onClick={() => step(w, 'approve', 'Write-off approved.')}>
            Approve
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => step(w, 'reject', 'Write-off rejected.')}>
            Reject
          </Button>
        </>
      ) : null}
      {w.status === 'approved' && canDecide ? (
        <Button
          size="xs"
          color="dark"
          aria-label={`Dispose of ${w.assetTag ?? w.itemName}`}
          onClick={() => onDispose(w)}
        >
          Dispose
        </Button>
      ) : null}
    </Group>
  );
}
