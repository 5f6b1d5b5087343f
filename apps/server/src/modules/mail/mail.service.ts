import path from 'node:path';
import type { OutboxEntry } from '@retail-hub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';
import { AppError } from '../../lib/errors';
import { fileOutbox, memoryOutbox, type Outbox } from './outbox';
import { type OutgoingMail, sendOverSmtp } from './smtp.transport';

export type { OutgoingMail } from './smtp.transport';

export type MailOutcome = { delivery: 'smtp' } | { delivery: 'outbox'; entry: OutboxEntry };

/** Who asked for the message (kept with outbox entries). */
export type MailSender = { id: string; name: string };

/**
 * Staff e-mail (spec §7 POST /admin/send-email). With SMTP configured the message goes out
 * through nodemailer; without it (the embedded default) it is kept in the outbox, which the
 * super admin reads on the developer dashboard. A message the mail server refuses is kept too,
 * so nothing typed is lost, and the request fails with 502.
 */
export class MailService {
  readonly outbox: Outbox;

  constructor(private readonly config: Config) {
    this.outbox = config.dataDir ? fileOutbox(path.join(config.dataDir, 'outbox.jsonl')) : memoryOutbox();
  }

  get isConfigured(): boolean {
    return this.config.smtp !== null;
  }

  async send(mail: Omit<OutgoingMail, 'from'>, sentBy: MailSender, log?: FastifyBaseLogger): Promise<MailOutcome> {
    const outgoing: OutgoingMail = { ...mail, from: this.config.mailFrom };
    const keep = (reason: OutboxEntry['reason']) =>
      this.outbox.add({
        from: outgoing.from,
        to: outgoing.recipients,
        subject: outgoing.subject,
        text: outgoing.text,
        reason,
        sentBy,
      });
    if (!this.config.smtp) return { delivery: 'outbox', entry: await keep('smtp_not_configured') };
    try {
      await sendOverSmtp(this.config.smtp, outgoing);
      return { delivery: 'smtp' };
    } catch (error) {
      // The error names the server and its answer; the message itself is never logged.
      log?.warn({ err: error }, 'staff e-mail was not accepted by the mail server');
      await keep('smtp_failed');
      throw new AppError(
        502,
        'mail.send_failed',
        'Failed to send email. The mail server did not accept it; the message was kept in the outbox.',
      );
    }
  }
}

const services = new WeakMap<Config, MailService>();

/** One mail service per app configuration, shared by the staff routes and the developer dashboard. */
export function mailServiceFor(config: Config): MailService {
  let service = services.get(config);
  if (!service) {
    service = new MailService(config);
    services.set(config, service);
  }
  return service;
}
