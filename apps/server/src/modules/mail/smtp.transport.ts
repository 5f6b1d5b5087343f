import nodemailer, { type SMTPTransportOptions } from 'nodemailer';
import type { SmtpSettings } from '../../config/config';

export type OutgoingMail = {
  from: string;
  /** Every recipient; they go as Bcc so staff do not see each other's addresses. */
  recipients: string[];
  replyTo: string | null;
  subject: string;
  text: string;
};

/**
 * A request must not hang on a mail server that does not answer: short timeouts, and the
 * transport is closed after each message (staff e-mail is occasional; a pool would only hold
 * sockets open).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

function transportOptions(settings: SmtpSettings): SMTPTransportOptions {
  if ('url' in settings) return { url: settings.url, ...TIMEOUTS };
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
    ...TIMEOUTS,
  };
}

/** Sends one message over SMTP; rejects when the server refuses it or cannot be reached. */
export async function sendOverSmtp(settings: SmtpSettings, mail: OutgoingMail): Promise<void> {
  const transport = nodemailer.createTransport(transportOptions(settings));
  try {
    await transport.sendMail({
      from: mail.from,
      // An empty address group: the To header reads "Staff:;" and carries nobody's address.
      to: 'Staff:;',
      bcc: mail.recipients,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
    });
  } finally {
    transport.close();
  }
}
