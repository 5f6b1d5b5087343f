import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type BomLine, formatQty, type JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { JOBS } from '../api';
import { type Action, DialogActions } from './job-parts';

/** Edits one line of the bill of materials: its quantity (never below what is out on the job) and notes. */
export function BomLineForm({
  job,
  line,
  action,
  onClose,
}: {
  job: JobDetail;
  line: BomLine;
  action: Action;
  onClose: () => void;
}) {
  const [qty, setQty] = useState(line.qtyRequired);
  const [notes, setNotes] = useState(line.notes ?? '');
  const out = Number(line.qtyIssued) - Number(line.qtyReturned);
  return (
    <Modal opened onClose={onClose} title={`Edit ${line.sku} — ${line.itemName}`}>
      <Stack>
        <TextInput
          label="Quantity required"
          required
          value={qty}
          onChange={(e) => setQty(e.currentTarget.value)}
          description={out > 0 ? `At least ${formatQty(String(out))} ${line.uom}: already issued to the job` : line.uom}
        />
        <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <DialogActions
          action={action}
          label="Save line"
          onClose={onClose}
          request={() => ({
            method: 'PATCH',
            url: `${JOBS}/${job.id}/bom/${line.id}`,
            body: { qtyRequired: qty, notes: notes || null },
            done: 'Material line saved',
          })}
        />
      </Stack>
    </Modal>
  );
}
