import {
  attachmentFileName,
  JOB_ATTACHMENT_MAX_BYTES,
  JOB_ATTACHMENT_MAX_COUNT,
  type JobAttachmentBody,
  type JobAttachmentType,
  type JobDetail,
  sniffAttachmentType,
} from '@retail-hub/shared';
import type { AuthUser } from '../../types';
import {
  attachmentChunk,
  attachmentCount,
  attachmentMeta,
  deleteAttachmentRow,
  insertAttachment,
} from './job-attachments.repository';
import { getJob } from './job-detail.service';
import { jobsErrors as errors } from './jobs.errors';
import { type JobsDeps, openJob, visibleJob } from './jobs.shared';

/**
 * The bytes of base64 text, or null when it is not base64: Buffer.from skips characters that are
 * not base64, so a text that decodes to fewer bytes than its length promises was not clean.
 */
async function decodeBase64(text: string): Promise<Buffer | null> {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  // 1 MB of text per turn of the event loop (a multiple of 4, so each part decodes on its own):
  // 7 MB in one call held the loop for up to 46 ms on the CI machine.
  const parts: Buffer[] = [];
  for (let at = 0; at < text.length; at += DECODE_PART) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    parts.push(Buffer.from(text.slice(at, at + DECODE_PART), 'base64'));
  }
  const bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  return bytes.length === (text.length / 4) * 3 - padding ? bytes : null;
}

const DECODE_PART = 1024 * 1024;

/** The last segment of a path a browser may send (C:\fakepath\x.png), without control characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return base.replace(/[\u0000-\u001f\u007f]/g, '_').slice(0, 255) || 'attachment';
}

/**
 * A drawing, photo or PDF on the job (ADR 0020): at most 5 MB, its type decided by its first bytes
 * (the name and the declared type are not trusted), kept in proc_trade_job_attachments. Open jobs
 * only, like every other change; at most JOB_ATTACHMENT_MAX_COUNT per job (counted under the job's lock).
 */
export async function addAttachment(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  body: JobAttachmentBody,
): Promise<JobDetail> {
  const data = await decodeBase64(body.data);
  if (!data || data.length === 0) throw errors.attachmentInvalid();
  if (data.length > JOB_ATTACHMENT_MAX_BYTES) throw errors.attachmentTooLarge();
  const contentType = sniffAttachmentType(data);
  if (!contentType) throw errors.attachmentType();
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    if ((await attachmentCount(tx, jobId)) >= JOB_ATTACHMENT_MAX_COUNT) throw errors.attachmentsFull();
    // Issue #30 item 12: the name carries the extension of the type found in the bytes.
    const fileName = attachmentFileName(cleanFileName(body.fileName), contentType);
    await insertAttachment(tx, { jobId, fileName, contentType, data, by: user.id });
  });
  return getJob(deps, user, jobId);
}

export async function removeAttachment(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  attachmentId: string,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    if (!(await deleteAttachmentRow(tx, jobId, attachmentId))) throw errors.attachmentNotFound();
  });
  return getJob(deps, user, jobId);
}

/**
 * Read in 512 KB parts: the driver turns a bytea into a Buffer in one synchronous call, about 50 ms
 * for 5 MB here; a part costs a few ms and other requests run between the parts.
 */
const DOWNLOAD_PART_BYTES = 512 * 1024;

/** One attachment's bytes, for a user who may see the job (closed jobs too). */
export async function attachmentDownload(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: string; data: Buffer }> {
  const { db } = deps.database;
  await visibleJob(deps, db, user, jobId);
  const meta = await attachmentMeta(db, jobId, attachmentId);
  if (!meta) throw errors.attachmentNotFound();
  const size = Number(meta.size_bytes);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < size; offset += DOWNLOAD_PART_BYTES) {
    parts.push(await attachmentChunk(db, attachmentId, offset, DOWNLOAD_PART_BYTES));
  }
  const data = Buffer.concat(parts);
  // Attachments are never changed, only removed: a short read means it was removed meanwhile.
  if (data.length !== size) throw errors.attachmentNotFound();
  const contentType = meta.content_type as JobAttachmentType;
  return { fileName: attachmentFileName(meta.file_name, contentType), contentType, data };
}

/** `attachment` with an ASCII name and the exact name in UTF-8 (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
