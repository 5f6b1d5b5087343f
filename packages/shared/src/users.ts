import { z } from 'zod';
import { outranksOrEquals, ROLE_LEVELS, ROLES, type Role } from './roles';

/**
 * The people contract (spec §2 User Management, Staff & PIN Management, Role Management,
 * Developer dashboard; §5 Staff, Users and roles; §6; §7 Users, Staff administration, Developer
 * dashboard). Request bodies are strict: a field a body should not carry (`role` in a status
 * change, `isActive` or `pinHash` anywhere else) is refused with 400, never written. The web
 * dialogs validate with the same schemas, so the message a form shows is the one the API sends.
 */

/** spec §5 Staff and §8 Users and staff, spelled exactly as the spec gives them. */
export const USER_MESSAGES = {
  firstNameRequired: 'First name is required.',
  pinExactly: 'PIN must be exactly 4 digits.',
  pinPrompt: 'PIN must be 4 digits',
  emailInvalid: 'Valid email is required',
  roleInvalid: 'Valid role is required',
  subjectRequired: 'Subject is required.',
  messageRequired: 'Message is required.',
  recipientsRequired: 'Please select at least one recipient.',
  noValidRecipients: 'No valid email addresses found for selected users.',
  pinUpdated: 'PIN updated',
  deactivated: 'User deactivated successfully - transaction history preserved',
  /** Our own wording where the spec is silent (docs/adr/0005). */
  pinInUse: 'That PIN is already in use. Choose another.',
  pinTrivial: 'That PIN is too easy to guess (such as 1234 or 1111). Choose another.',
  ownRole: 'You cannot change your own role.',
  ownStatus: 'You cannot change your own status.',
  ownRemoval: 'You cannot remove yourself.',
  roleAboveOwn: 'You cannot give someone a role above your own.',
  userAboveOwn: 'You cannot change a user whose role is above your own.',
  pinOfPeer: 'Only someone with a higher role can set this user’s PIN.',
  removeCashiersOnly: 'Only cashier accounts can be removed.',
  emailInUse: 'That email address is already used by another user.',
  statusIsActiveRequired: 'Status must be true or false.',
  nothingToUpdate: 'Nothing to update.',
  statusAlone: 'Change the status on its own, without other fields.',
  pinClashOnEnable: "This user's PIN is now used by another active user. Set a new PIN for them, then enable them.",
} as const;

/** spec §9 Other limits: names 255. E-mail fits the users.email column. */
export const USER_LIMITS = { name: 255, email: 255, subject: 200, message: 10_000, recipients: 200 } as const;

/** spec §6: the user management role choices (department_manager only if departments exist) and the staff dialogs'. */
export const USER_MANAGEMENT_ROLE_CHOICES = ['cashier', 'manager', 'department_manager'] as const satisfies Role[];
export const STAFF_ROLE_CHOICES = USER_MANAGEMENT_ROLE_CHOICES;

/**
 * The rank rules of docs/adr/0005 (outranksOrEquals in roles.ts): nobody acts on someone above
 * their own level or grants a role above it, and nobody changes their own role or status. The
 * server enforces them; the screens use them to disable what would be refused.
 */
export function mayChangeRoleOrStatus(actor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  return actor.id !== target.id && outranksOrEquals(actor.role, target.role);
}

/**
 * Issue #13 item 2 (docs/adr/0005): a PIN is set or generated only for oneself or for someone of a
 * lower role. Setting a peer's PIN would let one sign in as them.
 */
export function maySetPinOf(actor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  return actor.id === target.id || ROLE_LEVELS[actor.role] > ROLE_LEVELS[target.role];
}

/** spec §6: 'Remove User' appears only for cashier users other than the current user. */
export function mayRemove(actor: { id: string }, target: { id: string; role: Role }): boolean {
  return target.role === 'cashier' && target.id !== actor.id;
}

// ---- Field schemas ----

/**
 * The error of a strict body: unknown fields are refused with a message naming them (mass
 * assignment, security guide); `typeMessage` is what a body that is not an object at all gets.
 * (Schemas are built with plain `z.*` calls so the web bundler can drop the unused ones.)
 */
function strictError(typeMessage: string) {
  return {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys' ? `Field not allowed here: ${(issue.keys ?? []).join(', ')}.` : typeMessage,
  };
}

const roleField = z.enum(ROLES, { error: USER_MESSAGES.roleInvalid });

const firstNameField = z
  .string({ error: USER_MESSAGES.firstNameRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.firstNameRequired })
  .max(USER_LIMITS.name, { error: `First name must be at most ${USER_LIMITS.name} characters.` });

/** Optional text: trimmed, and an empty value means "none" (stored as null). */
const optionalName = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(USER_LIMITS.name, { error: `${label} must be at most ${USER_LIMITS.name} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

/** spec §5: e-mail optional, 'Valid email is required' when invalid. Kept lower-case: it is unique. */
const optionalEmail = z
  .string({ error: USER_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(USER_LIMITS.email, { error: USER_MESSAGES.emailInvalid })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: USER_MESSAGES.emailInvalid })
  .nullish()
  .transform((value) => (value ? value : null));

/** spec §5 Staff creation: 'PIN must be exactly 4 digits.' for anything but four ASCII digits. */
export const staffPinField = z
  .string({ error: USER_MESSAGES.pinExactly })
  .regex(/^[0-9]{4}$/, { error: USER_MESSAGES.pinExactly });

// ---- Request bodies ----

/** spec §7 PATCH/PUT /api/users/{id}/role, body role. */
export const roleChangeBodySchema = z.strictObject({ role: roleField }, strictError(USER_MESSAGES.roleInvalid));
export type RoleChangeBody = z.infer<typeof roleChangeBodySchema>;

/** spec §7 PUT /api/users/{id}/status, body isActive. */
export const statusChangeBodySchema = z.strictObject(
  { isActive: z.boolean({ error: USER_MESSAGES.statusIsActiveRequired }) },
  strictError(USER_MESSAGES.statusIsActiveRequired),
);
export type StatusChangeBody = z.infer<typeof statusChangeBodySchema>;

/**
 * spec §7 POST /admin/users, body name, firstName, lastName, email, role, pin. `name` (the full
 * name some clients send) is accepted and not stored: first and last name are the record.
 */
export const staffCreateBodySchema = z.strictObject(
  {
    name: z
      .string()
      .max(USER_LIMITS.name * 2 + 1)
      .nullish(),
    firstName: firstNameField,
    lastName: optionalName('Last name'),
    email: optionalEmail,
    role: roleField,
    pin: z
      .union([z.literal(''), staffPinField], { error: USER_MESSAGES.pinExactly })
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  strictError(USER_MESSAGES.firstNameRequired),
);
export type StaffCreateInput = z.input<typeof staffCreateBodySchema>;
export type StaffCreateBody = z.output<typeof staffCreateBodySchema>;

/**
 * spec §7 PATCH /admin/users/{id}: firstName, lastName, email, role — or isActive alone (the
 * Disable/Enable button). Mixing the two is refused so a profile edit can never carry a status.
 */
export const staffUpdateBodySchema = z
  .strictObject(
    {
      firstName: firstNameField.optional(),
      lastName: optionalName('Last name').optional(),
      email: optionalEmail.optional(),
      role: roleField.optional(),
      isActive: z.boolean({ error: USER_MESSAGES.statusIsActiveRequired }).optional(),
    },
    strictError(USER_MESSAGES.nothingToUpdate),
  )
  .superRefine((body, ctx) => {
    const keys = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.nothingToUpdate });
    else if (keys.includes('isActive') && keys.length > 1) {
      ctx.addIssue({ code: 'custom', message: USER_MESSAGES.statusAlone, path: ['isActive'] });
    }
  });
export type StaffUpdateInput = z.input<typeof staffUpdateBodySchema>;
export type StaffUpdateBody = z.output<typeof staffUpdateBodySchema>;

/** spec §7 POST /admin/users/{id}/pin, body pin; or `{ generate: true }` for a random PIN shown once. */
export const staffPinBodySchema = z.union(
  [
    z.strictObject({ pin: staffPinField }, strictError(USER_MESSAGES.pinExactly)),
    z.strictObject({ generate: z.literal(true) }, strictError(USER_MESSAGES.pinExactly)),
  ],
  { error: USER_MESSAGES.pinExactly },
);
export type StaffPinBody = z.infer<typeof staffPinBodySchema>;

/** A subject is one header line: no line breaks (they would let a body forge headers). */
const subjectField = z
  .string({ error: USER_MESSAGES.subjectRequired })
  .transform((value) => value.replace(/[\r\n\t]+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, { error: USER_MESSAGES.subjectRequired })
      .max(USER_LIMITS.subject, { error: `Subject must be at most ${USER_LIMITS.subject} characters.` }),
  );

/** spec §7 POST /admin/send-email, body recipients (e-mail list), subject, message. */
export const sendEmailBodySchema = z.strictObject(
  {
    recipients: z
      .array(z.string({ error: USER_MESSAGES.noValidRecipients }).trim().toLowerCase().max(USER_LIMITS.email), {
        error: USER_MESSAGES.recipientsRequired,
      })
      .min(1, { error: USER_MESSAGES.recipientsRequired })
      .max(USER_LIMITS.recipients, { error: `At most ${USER_LIMITS.recipients} recipients at a time.` }),
    subject: subjectField,
    message: z
      .string({ error: USER_MESSAGES.messageRequired })
      .trim()
      .min(1, { error: USER_MESSAGES.messageRequired })
      .max(USER_LIMITS.message, { error: `Message must be at most ${USER_LIMITS.message} characters.` }),
  },
  strictError(USER_MESSAGES.subjectRequired),
);
export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;

// ---- Responses. Dates are ISO strings; no response ever carries a PIN hash. ----

/** spec §7 GET /api/users, GET /admin/users, GET /api/super-admin/users: no credential. */
export const userSummarySchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  department: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** DELETE /api/users/{id}: removed, or deactivated because the user has history (docs/adr/0005). */
export const userRemovalResultSchema = z.object({ message: z.string(), outcome: z.enum(['deleted', 'deactivated']) });
export type UserRemovalResult = z.infer<typeof userRemovalResultSchema>;

export const messageResultSchema = z.object({ message: z.string() });

/** POST /admin/users/{id}/pin: `pin` only when the server generated it, shown once and never again. */
export const pinResultSchema = z.object({ message: z.string(), pin: z.string().optional() });
export type PinResult = z.infer<typeof pinResultSchema>;

/**
 * POST /admin/send-email. `sent` false means the message was kept in the outbox because no mail
 * server is configured; the screen says so.
 */
export const sendEmailResultSchema = z.object({
  sent: z.boolean(),
  delivery: z.enum(['smtp', 'outbox']),
  recipients: z.number(),
  message: z.string(),
});
export type SendEmailResult = z.infer<typeof sendEmailResultSchema>;

/** spec §7 GET /api/super-admin/stats. */
export const developerStatsSchema = z.object({
  totalUsers: z.number(),
  activeUsers24h: z.number(),
  totalLogins24h: z.number(),
  activityBreakdown: z.array(z.object({ activityType: z.string(), count: z.number() })),
});
export type DeveloperStats = z.infer<typeof developerStatsSchema>;

/** spec §7 GET /api/super-admin/activity; `summary` says what an administrative change did, to whom. */
export const activityEntrySchema = z.object({
  id: z.string(),
  activityType: z.string(),
  ipAddress: z.string().nullable(),
  timestamp: z.string(),
  summary: z.string().nullable(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), role: z.enum(ROLES) }).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/super-admin/outbox: mail kept because it was not sent. */
export const outboxEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  reason: z.enum(['smtp_not_configured', 'smtp_failed']),
  sentBy: z.object({ id: z.string(), name: z.string() }),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** spec §3 user_activity types this area records (sign-in types are in the auth module). */
export const ADMIN_ACTIVITY = {
  roleChanged: 'role_changed',
  statusChanged: 'status_changed',
  pinChanged: 'pin_changed',
  pinRefused: 'pin_refused',
  /** A PIN set or generation refused by the PIN-change throttle (issue #13 item 2): a burst. */
  pinChangeThrottled: 'pin_change_throttled',
  userCreated: 'user_created',
  userUpdated: 'user_updated',
  userRemoved: 'user_removed',
  emailSent: 'email_sent',
  emailQueued: 'email_queued',
} as const;
