import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { USER_MESSAGES } from '@retail-hub/shared';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/config';
import { userActivity } from '../../db/schema/index';
import { addPerson, buildStore, call, type Store, signInAs, userRow } from '../users/users.test-support';

/**
 * spec §7 POST /admin/send-email, §5 Staff messages. Mail goes through a real SMTP server
 * started here (smtp-server on 127.0.0.1, a random port) and the test reads what arrived.
 */

type Received = { from: string; to: string[]; raw: string };

async function startSmtpServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: 'mailer' });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) return callback(new Error('Mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('with a mail server configured', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let store: Store;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    store = await buildStore({ smtp: { url: smtp.url }, mailFrom: 'Store Office <office@store.test>' });
    admin = await signInAs(store, 'admin');
  });
  afterAll(async () => {
    await store.t.close();
    await smtp.close();
  });

  it('a message to two staff arrives once with both recipients, the subject and the text', async () => {
    const response = await call(store, admin, 'POST', '/admin/send-email', {
      recipients: ['casey@store.test', 'Morgan@Store.test'],
      subject: 'Stocktake on Friday',
      message: 'Please arrive at 7:30 for the stocktake.\nThanks!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sent: true,
      delivery: 'smtp',
      recipients: 2,
      message: 'Email sent to 2 staff members.',
    });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as Received;
    expect(mail.from).toBe('office@store.test');
    expect(mail.to.sort()).toEqual(['casey@store.test', 'morgan@store.test']);
    expect(mail.raw).toMatch(/^Subject: Stocktake on Friday\r?$/m);
    expect(mail.raw).toMatch(/^From: Store Office <office@store.test>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: sam@store.test\r?$/m);
    expect(mail.raw).toContain('Please arrive at 7:30 for the stocktake.');
    // Recipients go as Bcc: nobody sees the others' addresses in the headers.
    expect(mail.raw).toMatch(/^To: Staff:;\r?$/m);
    expect(mail.raw).not.toContain('casey@store.test');
    const [row] = await store.t.db.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.activityType, 'email_sent'), eq(userActivity.userId, store.ids.admin)));
    expect(row?.details).toEqual({ recipients: 2, subject: 'Stocktake on Friday' });
  });

  it('a subject cannot smuggle extra headers', async () => {
    const before = smtp.received.length;
    const response = await call(store, admin, 'POST', '/admin/send-email', {
      recipients: ['casey@store.test'],
      subject: 'Hello\r\nBcc: outsider@example.com',
      message: 'Hi',
    });
    expect(response.statusCode).toBe(200);
    const mail = smtp.received[before] as Received;
    expect(mail.to).toEqual(['casey@store.test']);
    expect(mail.raw).not.toMatch(/^Bcc:/m);
  });

  it('recipients must be active staff with that e-mail; nothing is sent otherwise', async () => {
    const before = smtp.received.length;
    const gone = await addPerson(store, 'cashier', { isActive: false });
    const cases: Array<[unknown, string | RegExp]> = [
      [{ recipients: [], subject: 'S', message: 'M' }, USER_MESSAGES.recipientsRequired],
      [{ recipients: ['nobody@example.com'], subject: 'S', message: 'M' }, USER_MESSAGES.noValidRecipients],
      [{ recipients: [gone.email], subject: 'S', message: 'M' }, USER_MESSAGES.noValidRecipients],
      [
        { recipients: ['casey@store.test', 'outsider@example.com'], subject: 'S', message: 'M' },
        /^These addresses do not belong to active staff: outsider@example.com$/,
      ],
      [{ recipients: ['casey@store.test'], subject: '  ', message: 'M' }, USER_MESSAGES.subjectRequired],
      [{ recipients: ['casey@store.test'], subject: 'S', message: '' }, USER_MESSAGES.messageRequired],
    ];
    for (const [body, message] of cases) {
      const response = await call(store, admin, 'POST', '/admin/send-email', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(smtp.received).toHaveLength(before);
  });

  it('a message the mail server refuses is kept in the outbox and the request says it failed', async () => {
    const bouncing = await addPerson(store, 'cashier', { email: false });
    await store.t.db.db.execute(`update users set email = 'pat@bounce.test' where id = '${bouncing.id}'`);
    expect((await userRow(store, bouncing.id))?.email).toBe('pat@bounce.test');
    const response = await call(store, admin, 'POST', '/admin/send-email', {
      recipients: ['pat@bounce.test'],
      subject: 'Roster',
      message: 'New roster attached.',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Failed to send email\./);
    const outbox = await call(store, admin, 'GET', '/api/super-admin/outbox');
    expect(outbox.json().configured).toBe(true);
    expect(outbox.json().messages[0]).toMatchObject({
      subject: 'Roster',
      reason: 'smtp_failed',
      to: ['pat@bounce.test'],
    });
  });
});

describe('without a mail server (the embedded default)', () => {
  let dataDir: string;
  let store: Store;
  let admin: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-outbox-'));
    store = await buildStore({ dataDir } as Partial<Config>);
    admin = await signInAs(store, 'admin');
  });
  afterAll(async () => {
    await store.t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the message goes to the outbox, the answer says it was not sent, and the super admin reads it', async () => {
    const manager = await signInAs(store, 'manager');
    const response = await call(store, manager, 'POST', '/admin/send-email', {
      recipients: ['casey@store.test', 'chris@store.test'],
      subject: 'Closing early',
      message: 'We close at 3 pm today.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sent: false, delivery: 'outbox', recipients: 2 });
    expect(response.json().message).toMatch(/not sent/);

    const outbox = await call(store, admin, 'GET', '/api/super-admin/outbox');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().configured).toBe(false);
    expect(outbox.json().messages[0]).toMatchObject({
      to: ['casey@store.test', 'chris@store.test'],
      subject: 'Closing early',
      text: 'We close at 3 pm today.',
      reason: 'smtp_not_configured',
      sentBy: { id: store.ids.manager, name: 'Morgan Manager' },
    });
    expect((await call(store, manager, 'GET', '/api/super-admin/outbox')).statusCode).toBe(403);
  });

  it('the outbox is a 0600 JSON-lines file in the data folder, so it survives a restart', async () => {
    const file = path.join(dataDir, 'outbox.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string).subject).toBe('Closing early');
  });
});
