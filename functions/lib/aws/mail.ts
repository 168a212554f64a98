import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import * as z from 'zod';
import { config } from '../config';
import { logger } from '../logger';
import { traced } from '../tracer';

/** The one SES v2 client of this process (the local mail catcher when configured). */
const ses = traced(new SESv2Client({ region: config().region, endpoint: config().endpoints.ses }));

/** One mail to one person: a plain-text body always (read by every client), an HTML one optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A mail SES did not take (or that was never handed to it); its message names the recipient's domain only. */
export class MailNotSentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailNotSentError';
  }
}

const address = z.email();

/** The part after the last '@', for logs and errors: the whole address is personal data. */
function domainOf(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  return at >= 0 ? recipient.slice(at + 1) : '(no domain)';
}

/**
 * Sends one mail from MAIL_FROM through SES (SendEmail, simple content, UTF-8). Throws a
 * MailNotSentError when the recipient is not an address, MAIL_FROM is not configured, or SES refuses
 * the mail. Bodies are never logged (they carry single-use links), and the recipient only by domain.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const recipientDomain = domainOf(message.to);
  const from = config().mailFrom;
  if (!from) throw new MailNotSentError('MAIL_FROM is not configured: this function cannot send mail');
  if (!address.safeParse(message.to).success) {
    throw new MailNotSentError(`The recipient is not a mail address (domain: ${recipientDomain})`);
  }
  let messageId: string | undefined;
  try {
    const answer = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
    messageId = answer.MessageId;
  } catch (error) {
    // SES quotes the refused address in some answers (MessageRejected in the sandbox): only its domain is kept.
    const reason = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replaceAll(
      message.to,
      `…@${recipientDomain}`,
    );
    throw new MailNotSentError(`SES did not send the mail to a recipient at ${recipientDomain}: ${reason}`, {
      cause: error,
    });
  }
  logger.info('mail sent', { recipientDomain, messageId });
}
