import { z } from 'zod';
import { moneyInputSchema, percentInputSchema, qtyInputSchema } from './purchasing';

/**
 * Workshop jobs (issue #18, docs/workshop-jobs.md): clients, jobs and their states (spec §4),
 * quotes, bill of materials, steps, materials issued and returned, delivery with a signature.
 * Money is a 2-decimal string at the API, quantities a 3-decimal string, hours a 2-decimal string.
 */

export const JOB_STATES = [
  'draft',
  'quoted',
  'approved',
  'in_progress',
  'qa',
  'ready',
  'delivered',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_PRIORITY_VALUES = ['low', 'normal', 'high'] as const;
export type JobPriority = (typeof JOB_PRIORITY_VALUES)[number];
export const QUOTE_STATES = ['draft', 'sent', 'accepted', 'rejected'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export const JOB_STEP_STATES = ['pending', 'in_progress', 'completed', 'skipped'] as const;
export type JobStepState = (typeof JOB_STEP_STATES)[number];

/**
 * The moves between job states (spec §4 order: draft → quoted → approved → in_progress → qa →
 * ready → delivered, or cancelled before delivery). quoted → approved happens only by accepting a
 * quote and ready → delivered only by recording the delivery; qa → in_progress sends it back to
 * the workshop; quoted → draft withdraws the quote.
 */
export const JOB_TRANSITIONS: Record<JobState, readonly JobState[]> = {
  draft: ['quoted', 'cancelled'],
  quoted: ['approved', 'draft', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  in_progress: ['qa', 'cancelled'],
  qa: ['ready', 'in_progress', 'cancelled'],
  ready: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** The moves the transition endpoint makes itself (the others have their own action). */
export const MANUAL_JOB_TRANSITIONS: Record<JobState, readonly JobState[]> = {
  draft: ['cancelled'],
  quoted: ['draft', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  in_progress: ['qa', 'cancelled'],
  qa: ['ready', 'in_progress', 'cancelled'],
  ready: ['cancelled'],
  delivered: [],
  cancelled: [],
};

export const JOB_STATE_LABELS: Record<JobState, string> = {
  draft: 'Draft',
  quoted: 'Quoted',
  approved: 'Approved',
  in_progress: 'In progress',
  qa: 'QA',
  ready: 'Ready',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const JOB_STEP_STATE_LABELS: Record<JobStepState, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
};

export const JOBS_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  emailInvalid: 'Valid email is required',
  departmentRequired: 'Department is required',
  clientRequired: 'Client is required',
  itemRequired: 'Item is required',
  locationRequired: 'Location is required',
  dateInvalid: 'Date must be YYYY-MM-DD',
  hoursInvalid: 'Hours must be a number from 0 to 999.99 with at most 2 decimals',
  stateInvalid: 'Choose a state',
  taxRateInvalid: 'Tax rate must be between 0 and 100 with at most 2 decimals',
  deliveredToRequired: 'Delivered to is required',
  acceptanceNameRequired: 'Acceptance name is required',
  signatureRequired: 'A signature is required',
  signatureInvalid: 'The signature must be a PNG image',
  signatureTooLarge: 'The signature image is too large (at most 200 KB)',
  waiverNoteRequired: 'A note is required to waive the materials',
  /** Issue #30 item 19: a blank hours box no longer completes a step as 0.00 h by accident. */
  stepHoursRequired: 'Enter the hours worked on this step, or confirm that it took none',
  hoursReasonRequired: 'Say why the hours are corrected',
} as const;

/** The largest signature image accepted, decoded (a 600 × 200 drawing is far below). */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const SIGNATURE_PREFIX = 'data:image/png;base64,';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: JOBS_MESSAGES.tooLong(label, max) });
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => (v ? v : null));
const uuid = (message: string) => z.guid({ error: message });
const dateSchema = z.iso.date({ error: JOBS_MESSAGES.dateInvalid });

/** Hours ≥ 0 with at most 2 decimals (numeric(5,2)), parsed to hundredths of an hour. */
export const hoursInputSchema = z
  .union([z.string(), z.number()], { error: JOBS_MESSAGES.hoursInvalid })
  .transform((value, ctx) => {
    const textValue = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    if (!/^\d{1,3}(?:\.\d{0,2})?$/.test(textValue)) {
      ctx.addIssue({ code: 'custom', message: JOBS_MESSAGES.hoursInvalid });
      return z.NEVER;
    }
    const [whole, fraction = ''] = textValue.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/** Labour of `hundredths` hours at `rateCents` an hour, rounded half up to a cent. */
export function labourCents(hundredths: number, rateCents: number): number {
  return Math.floor((hundredths * rateCents * 2 + 100) / 200);
}

// ── Clients ──────────────────────────────────────────────────────────────────────────────

export const clientBodySchema = z.object({
  name: text('Name', 255).min(1, { error: JOBS_MESSAGES.nameRequired }),
  contactName: optionalText('Contact name', 255),
  phone: optionalText('Phone', 50),
  email: z
    .string()
    .trim()
    .max(255, { error: JOBS_MESSAGES.tooLong('Email', 255) })
    .pipe(z.union([z.literal(''), z.email({ error: JOBS_MESSAGES.emailInvalid })]))
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText('Address', 2000),
  notes: optionalText('Notes', 2000),
  isInternal: z.boolean().default(false),
});
export type ClientBody = z.output<typeof clientBodySchema>;
export type ClientInput = z.input<typeof clientBodySchema>;

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  isInternal: z.boolean(),
  isArchived: z.boolean(),
  openJobs: z.number(),
  totalJobs: z.number(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'archived', 'all']).default('active'),
});

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────

export const jobBodySchema = z.object({
  title: text('Title', 255).min(1, { error: JOBS_MESSAGES.titleRequired }),
  description: optionalText('Description', 4000),
  clientId: uuid(JOBS_MESSAGES.clientRequired),
  departmentId: uuid(JOBS_MESSAGES.departmentRequired),
  priority: z.enum(JOB_PRIORITY_VALUES).default('normal'),
  requestedDate: dateSchema.nullish().transform((v) => v ?? null),
  neededByDate: dateSchema.nullish().transform((v) => v ?? null),
});
export type JobBody = z.output<typeof jobBodySchema>;
export type JobInput = z.input<typeof jobBodySchema>;

export const jobListQuerySchema = z.object({
  status: z.enum(JOB_STATES).optional(),
  clientId: z.guid().optional(),
  /** Jobs not yet delivered or cancelled whose needed-by date falls in the current week (Mon–Sun). */
  due: z.enum(['this_week']).optional(),
  search: z.string().trim().max(100).optional(),
});

export const jobTransitionBodySchema = z.object({
  to: z.enum(JOB_STATES, { error: JOBS_MESSAGES.stateInvalid }),
  note: optionalText('Note', 2000),
  /** in_progress → qa with the bill of materials not fully issued: a manager's waiver (note required). */
  waiveMaterials: z.boolean().default(false),
});
export type JobTransitionBody = z.output<typeof jobTransitionBodySchema>;

export const jobSummarySchema = z.object({
  id: z.string(),
  jobNumber: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATES),
  priority: z.enum(JOB_PRIORITY_VALUES),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  requestedDate: z.string().nullable(),
  neededByDate: z.string().nullable(),
  priceTotalEstimate: z.string().nullable(),
  priceTotalActual: z.string().nullable(),
  createdAt: z.string(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const bomLineSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  qtyRequired: z.string(),
  qtyIssued: z.string(),
  qtyReturned: z.string(),
  /** issued − returned ≥ required. */
  fullyIssued: z.boolean(),
  unitCost: z.string(),
  notes: z.string().nullable(),
});
export type BomLine = z.infer<typeof bomLineSchema>;

export const jobStepSchema = z.object({
  id: z.string(),
  stepNo: z.number(),
  name: z.string(),
  instructions: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  plannedHours: z.string(),
  actualHours: z.string(),
  status: z.enum(JOB_STEP_STATES),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** Issue #30 item 19: a manager's corrections of the hours after completion, oldest first. */
  hoursChanges: z.array(
    z.object({
      fromHours: z.string(),
      toHours: z.string(),
      changedByName: z.string().nullable(),
      changedAt: z.string(),
      reason: z.string(),
    }),
  ),
});
export type JobStep = z.infer<typeof jobStepSchema>;

export const quoteLineSchema = z.object({
  lineNo: z.number(),
  kind: z.enum(['material', 'labour']),
  itemId: z.string().nullable(),
  description: z.string(),
  qty: z.string(),
  unitPrice: z.string(),
  lineTotal: z.string(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  versionNo: z.number(),
  status: z.enum(QUOTE_STATES),
  subtotal: z.string(),
  taxRate: z.string(),
  taxTotal: z.string(),
  grandTotal: z.string(),
  currency: z.string(),
  labourRate: z.string(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  supersededAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

export const materialMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(['issue', 'return']),
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  qty: z.string(),
  unitCost: z.string(),
  byName: z.string().nullable(),
  at: z.string(),
  notes: z.string().nullable(),
});
export type MaterialMovement = z.infer<typeof materialMovementSchema>;

export const jobHistoryEntrySchema = z.object({
  fromStatus: z.enum(JOB_STATES).nullable(),
  toStatus: z.enum(JOB_STATES),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
  note: z.string().nullable(),
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntrySchema>;

export const deliverySchema = z.object({
  id: z.string(),
  deliveryNo: z.string(),
  deliveredByName: z.string().nullable(),
  deliveredTo: z.string(),
  deliveryDate: z.string(),
  acceptanceName: z.string(),
  signature: z.string(),
  notes: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

// ── Attachments ─────────────────────────────────────────────────────────────────────────

/** A job's attachment is at most 5 MB (decoded). */
export const JOB_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many attachments on one job. */
export const JOB_ATTACHMENT_MAX_COUNT = 20;
/** Drawings, photos and PDFs: the only types kept, decided by the file's first bytes. */
export const JOB_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type JobAttachmentType = (typeof JOB_ATTACHMENT_TYPES)[number];

export const JOB_ATTACHMENT_MESSAGES = {
  fileRequired: 'Choose a file to attach',
  fileNameRequired: 'File name is required',
  tooLarge: 'The file is too large (at most 5 MB)',
  badType: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
  invalid: 'The file could not be read',
  full: `A job can have at most ${JOB_ATTACHMENT_MAX_COUNT} attachments: remove one first`,
} as const;

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The type of a file from its magic bytes, or null when it is none of JOB_ATTACHMENT_TYPES. */
export function sniffAttachmentType(bytes: Uint8Array): JobAttachmentType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('GIF87a')) || startsWith(bytes, 0, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  if (startsWith(bytes, 0, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** The file-name extensions of each attachment type, the first the one given to a name without one. */
export const JOB_ATTACHMENT_EXTENSIONS: Record<JobAttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * `name` with an extension of `type`, the type found in the file's bytes (issue #30 item 12: a PNG
 * named `evil.html` was stored and downloaded as `evil.html`, which a browser or the desktop then
 * opens as a web page). A name already ending in one of the type's extensions is kept; another
 * extension (a last dot-part of 1–10 letters and digits) is replaced; otherwise one is added.
 */
export function attachmentFileName(name: string, type: JobAttachmentType): string {
  const extensions = JOB_ATTACHMENT_EXTENSIONS[type];
  const match = /^(.*)\.([A-Za-z0-9]{1,10})$/.exec(name);
  if (match && extensions.includes((match[2] as string).toLowerCase())) return name;
  const stem = (match ? (match[1] as string) : name).replace(/[.\s]+$/, '') || 'attachment';
  return `${stem.slice(0, 250)}.${extensions[0]}`;
}

/** The longest base64 text of JOB_ATTACHMENT_MAX_BYTES bytes. */
export const JOB_ATTACHMENT_MAX_BASE64 = Math.ceil(JOB_ATTACHMENT_MAX_BYTES / 3) * 4;

/** `POST …/jobs/:id/attachments`: the file as base64 (JSON-only API, security guide). */
export const jobAttachmentBodySchema = z.object({
  fileName: z
    .string({ error: JOB_ATTACHMENT_MESSAGES.fileNameRequired })
    .trim()
    .min(1, { error: JOB_ATTACHMENT_MESSAGES.fileNameRequired })
    .max(255, { error: JOBS_MESSAGES.tooLong('File name', 255) }),
  data: z
    .string({ error: JOB_ATTACHMENT_MESSAGES.fileRequired })
    .min(1, { error: JOB_ATTACHMENT_MESSAGES.fileRequired })
    .max(JOB_ATTACHMENT_MAX_BASE64, { error: JOB_ATTACHMENT_MESSAGES.tooLarge }),
});
export type JobAttachmentBody = z.output<typeof jobAttachmentBodySchema>;

export const jobAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(JOB_ATTACHMENT_TYPES),
  sizeBytes: z.number(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type JobAttachment = z.infer<typeof jobAttachmentSchema>;

export const jobCostSchema = z.object({
  materialsIssued: z.string(),
  materialsReturned: z.string(),
  labourHours: z.string(),
  labour: z.string(),
  total: z.string(),
});
export type JobCost = z.infer<typeof jobCostSchema>;

export const jobDetailSchema = jobSummarySchema.extend({
  description: z.string().nullable(),
  approvedDate: z.string().nullable(),
  deliveredDate: z.string().nullable(),
  priceCurrency: z.string(),
  labourRate: z.string(),
  materialsWaiverNote: z.string().nullable(),
  materialsWaived: z.boolean(),
  createdByName: z.string().nullable(),
  clientContact: z.string().nullable(),
  clientAddress: z.string().nullable(),
  bom: z.array(bomLineSchema),
  bomFullyIssued: z.boolean(),
  steps: z.array(jobStepSchema),
  quotes: z.array(quoteSchema),
  materials: z.array(materialMovementSchema),
  history: z.array(jobHistoryEntrySchema),
  delivery: deliverySchema.nullable(),
  /** Drawings, photos and PDFs (GET …/attachments/:attachmentId downloads one). */
  attachments: z.array(jobAttachmentSchema),
  /** What it has cost so far (the final figure once delivered). */
  actualCost: jobCostSchema,
  /** The moves this user may ask for now (the server decides again on the request). */
  allowedMoves: z.array(z.enum(JOB_STATES)),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

// ── BOM, steps, quotes, materials, delivery ─────────────────────────────────────────────

export const bomBodySchema = z.object({
  itemId: uuid(JOBS_MESSAGES.itemRequired),
  qtyRequired: qtyInputSchema,
  notes: optionalText('Notes', 2000),
});
export type BomBody = z.output<typeof bomBodySchema>;

export const bomPatchSchema = z.object({ qtyRequired: qtyInputSchema, notes: optionalText('Notes', 2000) });

export const stepBodySchema = z.object({
  name: text('Name', 255).min(1, { error: JOBS_MESSAGES.nameRequired }),
  instructions: optionalText('Instructions', 4000),
  assignedTo: z.guid().nullish(),
  plannedHours: hoursInputSchema.default(0),
});
export type StepBody = z.output<typeof stepBodySchema>;

export const stepPatchSchema = z.object({
  name: text('Name', 255).min(1, { error: JOBS_MESSAGES.nameRequired }).optional(),
  instructions: optionalText('Instructions', 4000).optional(),
  assignedTo: z.guid().nullish(),
  plannedHours: hoursInputSchema.optional(),
  actualHours: hoursInputSchema.optional(),
  status: z.enum(JOB_STEP_STATES).optional(),
  notes: optionalText('Notes', 2000).optional(),
  /** Completing with 0 hours needs this (issue #30 item 19). */
  confirmNoHours: z.boolean().optional(),
  /** Why a manager corrects a completed step's hours (recorded with the change). */
  hoursReason: optionalText('Reason', 500).optional(),
});
export type StepPatch = z.output<typeof stepPatchSchema>;

export const quoteBodySchema = z.object({
  validUntil: dateSchema,
  taxRate: percentInputSchema(JOBS_MESSAGES.taxRateInvalid).default(0),
  notes: optionalText('Notes', 2000),
});
export type QuoteBody = z.output<typeof quoteBodySchema>;

export const quoteDecisionSchema = z.object({ note: optionalText('Note', 2000) }).default({ note: null });

export const materialsBodySchema = z.object({
  itemId: uuid(JOBS_MESSAGES.itemRequired),
  locationId: uuid(JOBS_MESSAGES.locationRequired),
  qty: qtyInputSchema,
  notes: optionalText('Notes', 2000),
});
export type MaterialsBody = z.output<typeof materialsBodySchema>;

export const signatureSchema = z
  .string({ error: JOBS_MESSAGES.signatureRequired })
  .min(1, { error: JOBS_MESSAGES.signatureRequired })
  .superRefine((value, ctx) => {
    if (!value.startsWith(SIGNATURE_PREFIX)) {
      ctx.addIssue({ code: 'custom', message: JOBS_MESSAGES.signatureInvalid });
      return;
    }
    const data = value.slice(SIGNATURE_PREFIX.length);
    // base64 of at most SIGNATURE_MAX_BYTES bytes
    if (data.length > Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4) {
      ctx.addIssue({ code: 'custom', message: JOBS_MESSAGES.signatureTooLarge });
      return;
    }
    // PNG files start with 89 50 4E 47 0D 0A 1A 0A: base64 'iVBORw0KGgo'.
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0 || !data.startsWith('iVBORw0KGgo')) {
      ctx.addIssue({ code: 'custom', message: JOBS_MESSAGES.signatureInvalid });
    }
  });

export const deliveryBodySchema = z.object({
  deliveredTo: text('Delivered to', 255).min(1, { error: JOBS_MESSAGES.deliveredToRequired }),
  acceptanceName: text('Acceptance name', 255).min(1, { error: JOBS_MESSAGES.acceptanceNameRequired }),
  deliveryDate: dateSchema.nullish().transform((v) => v ?? null),
  signature: signatureSchema,
  notes: optionalText('Notes', 2000),
});
export type DeliveryBody = z.output<typeof deliveryBodySchema>;

export const labourRateBodySchema = z.object({ labourRate: moneyInputSchema });

export const jobLookupsSchema = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string(), isInternal: z.boolean() })),
  departments: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), labourRate: z.string() })),
  locations: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  items: z.array(z.object({ id: z.string(), sku: z.string(), name: z.string(), uom: z.string() })),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
  /** May this user waive the materials rule and set labour rates (manager, super_admin). */
  canWaive: z.boolean(),
  /** A manager or super admin may correct a completed step's hours until delivery (issue #30 item 19). */
  canCorrectHours: z.boolean(),
});
export type JobLookups = z.infer<typeof jobLookupsSchema>;
