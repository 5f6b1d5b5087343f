import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const systemTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Every setting of the product, parsed once at start (style guide habit 6). Environment
 * variable names are the keys. Secrets may be given; when absent they are generated on first
 * start and kept in DATA_DIR/secrets.json (mode 0600) so the embedded default needs no set-up.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production').describe('Runtime mode.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('TCP port for the web app and API.'),
  HOST: z
    .string()
    .min(1)
    .default('0.0.0.0')
    .describe('Interface to listen on (0.0.0.0 lets tablets on the LAN connect).'),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder for the embedded database and generated secrets.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional()
    .describe('PostgreSQL server to use instead of the embedded database.'),
  EMBEDDED_DATABASE: z
    .enum(['postgres', 'pglite'])
    .default('postgres')
    .describe(
      'Embedded database when DATABASE_URL is unset: postgres (a PostgreSQL server the app runs in DATA_DIR/postgres, fsync on) or pglite (in-process, DATA_DIR/pglite, not durable in a power cut).',
    ),
  EMBEDDED_DATABASE_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('Loopback port of the embedded PostgreSQL server; 0 picks a free one at each start.'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10).describe('Connections per app instance.'),
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv
    .default(true)
    .describe(
      'Named prepared statements for the sale path; set false when DATABASE_URL goes through a transaction-pooling PgBouncer (1.18 forgets them between transactions; ADR 0016).',
    ),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional()
    .describe(
      'Direct PostgreSQL connection for live updates (LISTEN needs a session of its own); set it when DATABASE_URL goes through a transaction pooler. Default DATABASE_URL.',
    ),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional()
    .describe(
      "Streaming replica for report and analytics reads (ADR 0016); reads that must see a user's own write stay on DATABASE_URL.",
    ),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce
    .number()
    .min(0)
    .max(600)
    .default(30)
    .describe('Reports read from the primary while the replica is further behind than this, or unreachable.'),
  STORE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Australia/Sydney' })
    .default(systemTimeZone)
    .describe('Time zone that defines "today" and report days.'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .describe('Sign-out after this long without a request.'),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(72)
    .default(12)
    .describe('Sign-out this long after sign-in, whatever the activity.'),
  COOKIE_SECURE: booleanFromEnv
    .default(false)
    .describe('Mark the session cookie Secure (__Host- prefix); set true behind HTTPS.'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .describe('Proxy whose X-Forwarded-For is trusted: false, true, a hop count, or comma-separated addresses/CIDRs.'),
  DEMO_DATA: booleanFromEnv.default(true).describe('Seed the demo store into an empty database.'),
  SESSION_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe('Cookie signing secret.'),
  PIN_PEPPER: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe('HMAC key for PIN hashes.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level.'),
  LOG_REQUESTS: booleanFromEnv
    .default(false)
    .describe('Log one line per HTTP request (off by default: a till makes thousands a day).'),
  LOG_FORMAT: z
    .enum(['pretty', 'json'])
    .default('pretty')
    .describe('pretty: one readable line per message; json: one JSON object per line, for log collectors.'),
  WEB_DIST_DIR: z.string().optional().describe('Built web app to serve (default apps/web/dist).'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .describe(
      'Mail server for staff e-mail as one URL (smtp://user:pass@host:587, smtps:// for TLS); overrides SMTP_HOST.',
    ),
  SMTP_HOST: z
    .string()
    .min(1)
    .optional()
    .describe('Mail server host for staff e-mail; unset keeps mail in the outbox.'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587).describe('Mail server port.'),
  SMTP_SECURE: booleanFromEnv
    .default(false)
    .describe('Connect with TLS from the start (port 465); otherwise STARTTLS.'),
  SMTP_USER: z.string().optional().describe('Mail server user name.'),
  SMTP_PASS: z.string().optional().describe('Mail server password.'),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, {
      error: 'must be an address such as "Store <office@example.com>"',
    })
    .default('Retail Hub <no-reply@retail-hub.local>')
    .describe('Sender of staff e-mail, e.g. "Store Office <office@example.com>".'),
  BACKUP_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('Folder for `npm run backup` and the daily backup (default DATA_DIR/backups).'),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(14)
    .describe('Backups kept in BACKUP_DIR; older ones are deleted.'),
  BACKUP_DAILY: booleanFromEnv
    .default(false)
    .describe('While the app runs, write a backup when the newest in BACKUP_DIR is a day old.'),
  BACKUP_PASSPHRASE: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .describe(
      'Encrypts backups (AES-256-GCM, key from scrypt); they then carry the PIN pepper and session secret. Without it a backup holds neither (issue #30 item 5).',
    ),
  TERMINAL_STALE_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(10_080)
    .default(5)
    .describe(
      'A terminal holding unsynced sales is flagged for the manager when its last sync is older than this (minutes; fractions allowed, the E2E server uses 0.05).',
    ),
  OFFLINE_OUTBOX_MAX_AGE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(720)
    .default(24)
    .describe(
      'Issue #30: how long a terminal may hold an offline sale. One dated into a shift closed longer ago, or priced from a catalogue older than this, is refused and held for a manager (hours).',
    ),
  PRINTERS_ALLOW_LOOPBACK: booleanFromEnv
    .default(false)
    .describe(
      'Let a network printer be on this computer (127.0.0.0/8, ::1), on any port: for the fake printer of `npm run dev:printer`, the tests and the E2E server only (docs/adr/0031).',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .describe(
      'Bearer token that may read /metrics from another computer; unset: readable from this computer (loopback) only.',
    ),
  AI_PROVIDER_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, { error: 'must be an http:// or https:// URL' })
    .optional()
    .describe(
      'OpenAI-compatible API base URL (e.g. https://api.openai.com/v1) for department optimization suggestions; unset uses the built-in rules, which need no network.',
    ),
  AI_API_KEY: z
    .string()
    .optional()
    .describe('Bearer key for AI_PROVIDER_URL; the store figures are sent to that provider.'),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini').describe('Model name sent to AI_PROVIDER_URL.'),
});

export type ConfigInput = z.input<typeof configSchema>;

export type Config = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Named prepared statements on the sale path (false behind a transaction pooler; ADR 0016). */
  databasePreparedStatements: boolean;
  /** Direct connection for LISTEN when DATABASE_URL is a transaction pooler; null = databaseUrl. */
  databaseListenUrl: string | null;
  /** Streaming replica for report reads (ADR 0016); null = everything on the primary. */
  databaseReadUrl: string | null;
  databaseReadMaxLagMs: number;
  /** Which embedded database runs when databaseUrl is null (ADR 0009). */
  embeddedDatabase: 'postgres' | 'pglite';
  embeddedDatabasePort: number;
  storeTimeZone: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: boolean;
  trustProxy: boolean | number | string[];
  demoData: boolean;
  sessionSecret: string;
  pinPepper: string;
  logLevel: string;
  /** One log line per HTTP request (LOG_REQUESTS, issue #13 item 21: off by default). */
  logRequests: boolean;
  logFormat: 'pretty' | 'json';
  webDistDir: string | null;
  /** Staff e-mail transport; null keeps messages in DATA_DIR/outbox.jsonl (modules/mail). */
  smtp: SmtpSettings | null;
  mailFrom: string;
  /** Backups (issue #20 item 1, db/backup.ts). */
  backupDir: string;
  backupKeep: number;
  backupDaily: boolean;
  backupPassphrase: string | null;
  /** Bearer token for GET /metrics from another computer; null: loopback only (issue #20 item 2). */
  metricsToken: string | null;
  /** Issue #19: a terminal holding sales whose last sync is older than this is flagged (ADR 0014). */
  terminalStaleMinutes: number;
  /** Issue #30 items 1 and 3: the longest an offline sale may wait in a terminal's outbox (ADR 0014). */
  offlineOutboxMaxAgeHours: number;
  /** External optimization-suggestion provider; null uses the built-in rules (modules/procurement). */
  ai: AiProviderSettings | null;
  /** Issue #36: printers may be on loopback (fake printers; tests, E2E, development only). */
  printersAllowLoopback: boolean;
}>;

export type AiProviderSettings = Readonly<{ baseUrl: string; apiKey: string | null; model: string }>;

export type SmtpSettings = Readonly<
  { url: string } | { host: string; port: number; secure: boolean; user: string | null; pass: string | null }
>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function parseTrustProxy(raw: string): boolean | number | string[] {
  const value = raw.trim();
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

type Secrets = { sessionSecret: string; pinPepper: string };
type SecretsFile = Partial<Secrets & { databasePassword: string }>;
const secretsFileSchema = z.looseObject({
  sessionSecret: z.string().min(32).optional(),
  pinPepper: z.string().min(32).optional(),
  databasePassword: z.string().min(32).optional(),
});

/**
 * Reads DATA_DIR/secrets.json and adds the `wanted` secrets it lacks (fresh random values), writing
 * it (mode 0600) through a synced temporary file and a rename, so a crash never leaves it half
 * written. Values already there are never changed.
 */
function ensureSecrets(dataDir: string, wanted: Array<keyof SecretsFile>): SecretsFile {
  const file = path.join(dataDir, 'secrets.json');
  let current: SecretsFile & Record<string, unknown> = {};
  if (existsSync(file)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      raw = null;
    }
    const parsed = secretsFileSchema.safeParse(raw);
    if (!parsed.success) throw new ConfigError([`${file} is not a valid secrets file; restore it from a backup`]);
    current = parsed.data;
  }
  const missing = wanted.filter((key) => !current[key]);
  if (missing.length === 0) return current;
  const next = { ...current };
  for (const key of missing) next[key] = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  const fd = openSync(temporary, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  return next;
}

/** Reads DATA_DIR/secrets.json, creating it (mode 0600) with fresh random values when missing. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  return ensureSecrets(dataDir, ['sessionSecret', 'pinPepper']) as Secrets;
}

/** The embedded PostgreSQL server's password, generated once into DATA_DIR/secrets.json. */
export function loadOrCreateDatabasePassword(dataDir: string): string {
  return ensureSecrets(dataDir, ['databasePassword']).databasePassword as string;
}

/** Parses the environment into a frozen Config; throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const result = configSchema.safeParse(known);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const c = result.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const needsGenerated = !c.SESSION_SECRET || !c.PIN_PEPPER;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : null;
  return Object.freeze({
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL ?? null,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePreparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    databaseListenUrl: c.DATABASE_LISTEN_URL ?? null,
    databaseReadUrl: c.DATABASE_READ_URL ?? null,
    databaseReadMaxLagMs: Math.round(c.DATABASE_READ_MAX_LAG_SECONDS * 1000),
    embeddedDatabase: c.EMBEDDED_DATABASE,
    embeddedDatabasePort: c.EMBEDDED_DATABASE_PORT,
    storeTimeZone: c.STORE_TIME_ZONE,
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: c.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cookieSecure: c.COOKIE_SECURE,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    demoData: c.DEMO_DATA,
    sessionSecret: c.SESSION_SECRET ?? (generated as Secrets).sessionSecret,
    pinPepper: c.PIN_PEPPER ?? (generated as Secrets).pinPepper,
    logLevel: c.LOG_LEVEL,
    logRequests: c.LOG_REQUESTS,
    logFormat: c.LOG_FORMAT,
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : null,
    smtp: smtpSettings(c),
    mailFrom: c.MAIL_FROM,
    metricsToken: c.METRICS_TOKEN ?? null,
    terminalStaleMinutes: c.TERMINAL_STALE_MINUTES,
    offlineOutboxMaxAgeHours: c.OFFLINE_OUTBOX_MAX_AGE_HOURS,
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupKeep: c.BACKUP_KEEP,
    backupDaily: c.BACKUP_DAILY,
    backupPassphrase: c.BACKUP_PASSPHRASE ?? null,
    ai: c.AI_PROVIDER_URL
      ? { baseUrl: c.AI_PROVIDER_URL.replace(/\/+$/, ''), apiKey: c.AI_API_KEY || null, model: c.AI_MODEL }
      : null,
    printersAllowLoopback: c.PRINTERS_ALLOW_LOOPBACK,
  });
}

function smtpSettings(c: z.output<typeof configSchema>): SmtpSettings | null {
  if (c.SMTP_URL) return { url: c.SMTP_URL };
  if (!c.SMTP_HOST) return null;
  return {
    host: c.SMTP_HOST,
    port: c.SMTP_PORT,
    secure: c.SMTP_SECURE,
    user: c.SMTP_USER || null,
    pass: c.SMTP_PASS || null,
  };
}

/** A config for tests: no files written, fixed secrets, overrides applied. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: null,
    databasePoolSize: 5,
    databasePreparedStatements: true,
    databaseListenUrl: null,
    databaseReadUrl: null,
    databaseReadMaxLagMs: 30_000,
    embeddedDatabase: 'pglite',
    embeddedDatabasePort: 0,
    storeTimeZone: 'Australia/Sydney',
    sessionIdleMs: 60 * 60_000,
    sessionAbsoluteMs: 12 * 3_600_000,
    cookieSecure: false,
    trustProxy: false,
    demoData: false,
    sessionSecret: 'test-session-secret-test-session-secret',
    pinPepper: 'test-pin-pepper-test-pin-pepper-test-pin',
    logLevel: 'silent',
    logRequests: false,
    logFormat: 'json',
    webDistDir: null,
    smtp: null,
    mailFrom: 'Retail Hub <no-reply@retail-hub.test>',
    metricsToken: null,
    terminalStaleMinutes: 5,
    offlineOutboxMaxAgeHours: 24,
    backupDir: '',
    backupKeep: 14,
    backupDaily: false,
    backupPassphrase: null,
    ai: null,
    // The API tests' fake printers listen on loopback.
    printersAllowLoopback: true,
    ...overrides,
  });
}
