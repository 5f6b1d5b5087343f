import { displayName, type SendEmailBody, type SendEmailResult, USER_MESSAGES } from '@retail-hub/shared';
import { badRequest } from '../../lib/errors';
import { ACTIVITY, recordActivity } from '../activity/index';
import { mailServiceFor } from '../mail/index';
import { type AdminContext, activeStaffEmails, activityBy } from '../users/index';

/**
 * spec §7 POST /admin/send-email; §5 Staff: recipients only from staff with an e-mail. Every
 * address must belong to an active user right now (the list on the screen may be stale, and the
 * endpoint must not become a way to mail arbitrary addresses from the store's server).
 */
export async function sendStaffEmail(ctx: AdminContext, body: SendEmailBody): Promise<SendEmailResult> {
  const requested = [...new Set(body.recipients)];
  const known = await activeStaffEmails(ctx.db, requested);
  if (known.size === 0) {
    throw badRequest('staff.no_valid_recipients', USER_MESSAGES.noValidRecipients, {
      recipients: USER_MESSAGES.noValidRecipients,
    });
  }
  const unknown = requested.filter((email) => !known.has(email));
  if (unknown.length > 0) {
    const message = `These addresses do not belong to active staff: ${unknown.join(', ')}`;
    throw badRequest('staff.unknown_recipients', message, { recipients: message });
  }

  const mail = mailServiceFor(ctx.config);
  const message = { recipients: requested, replyTo: ctx.actor.email, subject: body.subject, text: body.message };
  const sender = { id: ctx.actor.id, name: displayName(ctx.actor) };
  const activity = (sent: boolean) =>
    activityBy(ctx, sent ? ACTIVITY.emailSent : ACTIVITY.emailQueued, {
      recipients: requested.length,
      subject: body.subject,
    });
  // Issue #13 item 11: the outbox line and its activity row are written together, once. The row
  // goes first inside a transaction and the line is appended before it commits, so a row the
  // database refuses leaves no message behind. (SMTP is not sent inside a transaction: on PGlite
  // it would hold the one connection of every terminal for the mail server's answer.)
  let sent = false;
  if (mail.isConfigured) {
    sent = (await mail.send(message, sender, ctx.log)).delivery === 'smtp';
    await recordActivity(ctx.db, activity(sent));
  } else {
    await ctx.db.transaction(async (tx) => {
      await recordActivity(tx, activity(false));
      await mail.send(message, sender, ctx.log);
    });
  }
  const count = `${requested.length} staff member${requested.length === 1 ? '' : 's'}`;
  return {
    sent,
    delivery: sent ? ('smtp' as const) : ('outbox' as const),
    recipients: requested.length,
    message: sent
      ? `Email sent to ${count}.`
      : `Email is not set up on this server, so the message to ${count} was not sent. It was saved to the outbox on the Developer Dashboard.`,
  };
}
