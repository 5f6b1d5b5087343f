import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { userName } from './jobs-common.repository';

// ── Attachments ──────────────────────────────────────────────────────────────────────────

export type AttachmentRow = {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number | string;
  uploaded_by_name: string | null;
  uploaded_at: Date | string;
};

/** A job's attachments without their bytes, oldest first. */
export async function attachmentRows(db: DbOrTx, jobId: string): Promise<AttachmentRow[]> {
  return rows<AttachmentRow>(
    db,
    sql`select a.id, a.file_name, a.content_type, a.size_bytes, ${userName('u')} as uploaded_by_name, a.uploaded_at
        from proc_trade_job_attachments a left join users u on u.id = a.uploaded_by
        where a.job_id = ${jobId} order by a.uploaded_at, a.id`,
  );
}

export async function attachmentCount(tx: DbOrTx, jobId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    tx,
    sql`select count(*)::int as n from proc_trade_job_attachments where job_id = ${jobId}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertAttachment(
  tx: DbOrTx,
  v: { jobId: string; fileName: string; contentType: string; data: Uint8Array; by: string },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_attachments (job_id, file_name, content_type, size_bytes, data, uploaded_by)
        values (${v.jobId}, ${v.fileName}, ${v.contentType}, ${v.data.byteLength}, ${v.data}, ${v.by})`,
  );
}

/** One attachment's name, type and size, without its bytes. */
export async function attachmentMeta(
  db: DbOrTx,
  jobId: string,
  attachmentId: string,
): Promise<{ file_name: string; content_type: string; size_bytes: number | string } | null> {
  const [row] = await rows<{ file_name: string; content_type: string; size_bytes: number | string }>(
    db,
    sql`select file_name, content_type, size_bytes from proc_trade_job_attachments
        where id = ${attachmentId} and job_id = ${jobId}`,
  );
  return row ?? null;
}

/** `length` bytes of an attachment from byte `offset` (0-based); empty when it is gone. */
export async function attachmentChunk(
  db: DbOrTx,
  attachmentId: string,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const [row] = await rows<{ part: Uint8Array }>(
    db,
    sql`select substring(data from ${offset + 1}::int for ${length}::int) as part
        from proc_trade_job_attachments where id = ${attachmentId}`,
  );
  return row?.part ?? new Uint8Array(0);
}

export async function deleteAttachmentRow(tx: DbOrTx, jobId: string, attachmentId: string): Promise<boolean> {
  return (
    (
      await rows(
        tx,
        sql`delete from proc_trade_job_attachments where id = ${attachmentId} and job_id = ${jobId} returning id`,
      )
    ).length > 0
  );
}
