import { z } from 'zod';
import { idSchema } from './catalog';
import { parseCents } from './money';

/**
 * The asset lifecycle (issue #17, ADR 0018): the register of physical units, their maintenance,
 * safety checks and write-offs, and one history per unit. Bodies use the spec's §3 column names in
 * camelCase; money is a 2-decimal string; dates are YYYY-MM-DD, times ISO 8601.
 */

export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_TYPES = ['preventive', 'corrective', 'emergency', 'upgrade'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
/** Stored statuses; 'overdue' of spec §4 is derived (pending and due before today), never stored. */
export const SAFETY_CHECK_STATUSES = ['pending', 'completed', 'failed', 'overdue'] as const;
export type SafetyCheckStatus = (typeof SAFETY_CHECK_STATUSES)[number];
export const SAFETY_CHECK_SCOPES = ['item', 'asset'] as const;
export type SafetyCheckScope = (typeof SAFETY_CHECK_SCOPES)[number];
export const WRITEOFF_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'disposed'] as const;
export type WriteoffStatus = (typeof WRITEOFF_STATUSES)[number];
export const WRITEOFF_REASONS = ['damaged', 'obsolete', 'loss', 'theft', 'other'] as const;
export type WriteoffReason = (typeof WRITEOFF_REASONS)[number];
export const DISPOSAL_METHODS = ['scrap', 'donation', 'sale', 'recycle', 'other'] as const;
export type DisposalMethod = (typeof DISPOSAL_METHODS)[number];

/**
 * What the register shows for a unit, derived on every read: written off (disposed), checked out
 * (has a custodian), in maintenance (an open corrective/emergency job or any job in progress),
 * blocked (last safety check failed or one is overdue), else available.
 */
export const ASSET_STATES = ['available', 'checked_out', 'in_maintenance', 'blocked', 'written_off'] as const;
export type AssetState = (typeof ASSET_STATES)[number];

export const ASSET_STATE_LABELS: Record<AssetState, string> = {
  available: 'Available',
  checked_out: 'Checked out',
  in_maintenance: 'In maintenance',
  blocked: 'Safety check',
  written_off: 'Written off',
};

/**
 * What a refused loan of a unit says (the server's 409 `assets.unit_not_lendable`), and what the
 * screens show beside a disabled Check out: "AST-2026-00001 cannot be checked out: it is under
 * maintenance." `why` is the unit's `blockedReason`.
 */
export const notLendableMessage = (tag: string, why: string) => `${tag} cannot be checked out: ${why}.`;

export const ASSET_SOURCES = ['manual', 'import', 'receipt'] as const;
export type AssetSource = (typeof ASSET_SOURCES)[number];

const text = (label: string, max: number) =>
  z
    .union([
      z
        .string()
        .trim()
        .max(max, { error: `${label} must be at most ${max} characters` }),
      z.null(),
    ])
    .optional()
    .transform((value) => (value ? value : null));

const optionalId = z
  .union([idSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

const dateOnly = (message: string) => z.iso.date({ error: message });

/** The message of a refused money field of the register (purchase price, salvage value). */
export const assetMoneyMessage = (label: string) =>
  `${label} must be an amount of 0 or more with at most 2 decimals, such as 120.00`;

const optionalMoney = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || String(value).trim() === '') return null;
      // numeric(10,2): not negative, at most 2 decimals and 8 digits.
      const cents = typeof value === 'number' && !Number.isFinite(value) ? null : parseCents(String(value).trim());
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: assetMoneyMessage(label) });
        return z.NEVER;
      }
      return (cents / 100).toFixed(2);
    });

export const ASSET_MESSAGES_REGISTER = {
  itemRequired: 'Item is required',
  tagRequired: 'Asset tag is required',
  tagTaken: 'This asset tag is already in use',
  serialTaken: 'This serial number is already registered for this item',
} as const;

// ---- Assets ----

export const assetBodySchema = z.object({
  itemId: idSchema.refine(() => true, { error: ASSET_MESSAGES_REGISTER.itemRequired }),
  /** Left empty, the server generates the next tag (AST-2026-00001). */
  assetTag: text('Asset tag', 100),
  serialNumber: text('Serial number', 100),
  purchasePrice: optionalMoney('Purchase price'),
  depreciationClass: text('Depreciation class', 50),
  departmentId: optionalId,
  locationId: optionalId,
  notes: text('Notes', 2000),
});
export type AssetBody = z.output<typeof assetBodySchema>;
export type AssetInput = z.input<typeof assetBodySchema>;

/** PATCH: the editable fields (the item and the custodian change only through their own actions). */
export const assetPatchSchema = assetBodySchema.omit({ itemId: true }).partial();
export type AssetPatch = z.output<typeof assetPatchSchema>;

export const assetSchema = z.object({
  id: z.string(),
  assetTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  itemId: z.string(),
  itemSku: z.string(),
  itemName: z.string(),
  purchasePrice: z.string().nullable(),
  depreciationClass: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  locationId: z.string().nullable(),
  locationCode: z.string().nullable(),
  custodianId: z.string().nullable(),
  custodianName: z.string().nullable(),
  source: z.enum(ASSET_SOURCES),
  notes: z.string().nullable(),
  state: z.enum(ASSET_STATES),
  /** Why it cannot be lent now (null when it can). */
  blockedReason: z.string().nullable(),
  /** The open loan, if any. */
  openCheckoutId: z.string().nullable(),
  nextMaintenanceAt: z.string().nullable(),
  nextSafetyCheckDue: z.string().nullable(),
  disposedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetPageSchema = z.object({
  assets: z.array(assetSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AssetPage = z.infer<typeof assetPageSchema>;

export const ASSET_EVENT_KINDS = [
  'registered',
  'received',
  'imported',
  'updated',
  'moved',
  'checked_out',
  'returned',
  'maintenance_scheduled',
  'maintenance_started',
  'maintenance_completed',
  'maintenance_cancelled',
  'safety_scheduled',
  'safety_passed',
  'safety_failed',
  'writeoff_requested',
  'writeoff_submitted',
  'writeoff_approved',
  'writeoff_rejected',
  'disposed',
] as const;
export type AssetEventKind = (typeof ASSET_EVENT_KINDS)[number];

export const ASSET_EVENT_LABELS: Record<AssetEventKind, string> = {
  registered: 'Registered',
  received: 'Received',
  imported: 'Imported',
  updated: 'Details changed',
  moved: 'Moved',
  checked_out: 'Checked out',
  returned: 'Returned',
  maintenance_scheduled: 'Maintenance scheduled',
  maintenance_started: 'Maintenance started',
  maintenance_completed: 'Maintenance completed',
  maintenance_cancelled: 'Maintenance cancelled',
  safety_scheduled: 'Safety check scheduled',
  safety_passed: 'Safety check passed',
  safety_failed: 'Safety check failed',
  writeoff_requested: 'Write-off drafted',
  writeoff_submitted: 'Write-off submitted',
  writeoff_approved: 'Write-off approved',
  writeoff_rejected: 'Write-off rejected',
  disposed: 'Disposed',
};

export const assetEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ASSET_EVENT_KINDS),
  at: z.string(),
  userName: z.string().nullable(),
  summary: z.string(),
  refTable: z.string().nullable(),
  refId: z.string().nullable(),
});
export type AssetEvent = z.infer<typeof assetEventSchema>;

export const assetDetailSchema = assetSchema.extend({ history: z.array(assetEventSchema) });
export type AssetDetail = z.infer<typeof assetDetailSchema>;

// ---- Maintenance ----

export const maintenanceBodySchema = z.object({
  assetId: idSchema,
  type: z.enum(MAINTENANCE_TYPES, { error: 'Type must be preventive, corrective, emergency or upgrade' }),
  scheduledFor: z.iso.datetime({ offset: true, error: 'Scheduled for must be a date and time' }),
  technician: text('Technician', 255),
  notes: text('Notes', 2000),
});
export type MaintenanceBody = z.output<typeof maintenanceBodySchema>;

export const maintenanceCompleteSchema = z.object({
  technician: z
    .string({ error: 'Technician is required' })
    .trim()
    .min(1, { error: 'Technician is required' })
    .max(255, { error: 'Technician must be at most 255 characters' }),
  notes: text('Notes', 2000),
});

export const maintenanceSchema = z.object({
  id: z.string(),
  assetId: z.string(),
  assetTag: z.string().nullable(),
  itemName: z.string(),
  type: z.enum(MAINTENANCE_TYPES),
  status: z.enum(MAINTENANCE_STATUSES),
  /** Derived: scheduled in the past and not completed or cancelled. Never blocks completion. */
  overdue: z.boolean(),
  scheduledFor: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  technician: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

// ---- Safety checks ----

export const safetyCheckBodySchema = z.object({
  scope: z.enum(SAFETY_CHECK_SCOPES, { error: 'Scope must be item or asset' }),
  itemOrAssetId: idSchema,
  checkType: z
    .string({ error: 'Check type is required' })
    .trim()
    .min(1, { error: 'Check type is required' })
    .max(100, { error: 'Check type must be at most 100 characters' }),
  dueDate: dateOnly('Due date must be a date (YYYY-MM-DD)'),
  inspector: text('Inspector', 255),
  notes: text('Notes', 2000),
});
export type SafetyCheckBody = z.output<typeof safetyCheckBodySchema>;

export const safetyResultSchema = z.object({
  result: z.enum(['passed', 'failed'], { error: 'Result must be passed or failed' }),
  inspector: z
    .string({ error: 'Inspector is required' })
    .trim()
    .min(1, { error: 'Inspector is required' })
    .max(255, { error: 'Inspector must be at most 255 characters' }),
  completedDate: dateOnly('Completed date must be a date (YYYY-MM-DD)').optional(),
  notes: text('Notes', 2000),
});

export const safetyCheckSchema = z.object({
  id: z.string(),
  scope: z.enum(SAFETY_CHECK_SCOPES),
  itemOrAssetId: z.string(),
  /** The asset tag or the item SKU and name, for lists. */
  targetLabel: z.string(),
  checkType: z.string(),
  dueDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  inspector: z.string().nullable(),
  /** pending, completed, failed, or overdue (derived: pending and due before today). */
  status: z.enum(SAFETY_CHECK_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;

// ---- Write-offs ----

/** A currency code: 3 letters (spec §3), stored upper case. */
const salvageCurrency = z
  .string({ error: 'Currency must be 3 letters, such as USD' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'Currency must be 3 letters, such as USD' });

export const writeoffBodySchema = z.object({
  assetId: idSchema,
  reason: z.enum(WRITEOFF_REASONS, { error: 'Reason must be damaged, obsolete, loss, theft or other' }),
  conditionAtDisposal: text('Condition at disposal', 2000),
  salvageValueAmount: optionalMoney('Salvage value'),
  salvageValueCurrency: salvageCurrency.optional().default('USD'),
  disposalMethod: z
    .enum(DISPOSAL_METHODS, { error: 'Disposal method must be scrap, donation, sale, recycle or other' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  notes: text('Notes', 2000),
});
export type WriteoffBody = z.output<typeof writeoffBodySchema>;

export const writeoffDecisionSchema = z.object({ note: text('Note', 1000) });

export const writeoffDisposeSchema = z.object({
  disposalMethod: z.enum(DISPOSAL_METHODS, {
    error: 'Disposal method must be scrap, donation, sale, recycle or other',
  }),
  disposalDate: dateOnly('Disposal date must be a date (YYYY-MM-DD)').optional(),
  /** What the unit fetched (sale, scrap value); kept from the draft when not sent. */
  salvageValueAmount: optionalMoney('Salvage value'),
  /** The salvage value's currency; kept from the draft (USD by default) when not sent. */
  salvageValueCurrency: salvageCurrency.optional(),
  notes: text('Notes', 2000),
});

export const writeoffSchema = z.object({
  id: z.string(),
  assetId: z.string(),
  assetTag: z.string().nullable(),
  itemName: z.string(),
  departmentId: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  status: z.enum(WRITEOFF_STATUSES),
  reason: z.enum(WRITEOFF_REASONS),
  conditionAtDisposal: z.string().nullable(),
  salvageValueCurrency: z.string(),
  salvageValueAmount: z.string().nullable(),
  disposalDate: z.string().nullable(),
  disposalMethod: z.enum(DISPOSAL_METHODS).nullable(),
  notes: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type Writeoff = z.infer<typeof writeoffSchema>;
