import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_MAIL_FROM, startMailCatcher } from '#local/mail-catcher';
import { freePort } from '#local/ports';
import { sendJson, serveOnLoopback } from '#tests/fakes/fake-http';
import { captureJsonLines } from '#tests/helpers/captured-output';
import { mailCatcher } from '#tests/helpers/mail-catcher';

/** sendMail through the real SES v2 client, to the local mail catcher or to an SES that refuses. */

const BASE_ENV = { STAGE: 'local', TABLE_NAME: 'unused', APP_PUBLIC_URL: 'http://localhost:3000' };

/** The mail module as a function configured with `env` loads it (config and client are made once per process). */
async function mailModuleWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...BASE_ENV, ...env })) vi.stubEnv(name, value);
  return import('#functions/lib/aws/mail');
}

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  catcher = await startMailCatcher(await freePort());
});

afterAll(async () => {
  await catcher?.stop();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('sendMail to the local mail catcher', () => {
  it('delivers the subject, the text and the HTML to the recipient, from MAIL_FROM, with the text’s links readable', async () => {
    const { sendMail } = await mailModuleWith(catcher.handlerEnv);
    const link = 'http://localhost:3000/invitations/accept?token=single-use-7f3a';

    await sendMail({
      to: 'Dana.Editor@example.com',
      subject: 'You are invited to Harbour News',
      text: `Ines invited you to edit in Harbour News.\n\nAccept: ${link}.\n`,
      html: `<p>Ines invited you to edit in Harbour News.</p><p><a href="${link}">Accept</a></p>`,
    });

    const mail = await mailCatcher(catcher.url).waitForMail('dana.editor@example.com', (caught) =>
      caught.subject.includes('Harbour News'),
    );
    expect(mail).toMatchObject({
      from: LOCAL_MAIL_FROM,
      to: ['Dana.Editor@example.com'],
      subject: 'You are invited to Harbour News',
      text: `Ines invited you to edit in Harbour News.\n\nAccept: ${link}.\n`,
      html: `<p>Ines invited you to edit in Harbour News.</p><p><a href="${link}">Accept</a></p>`,
      links: [link],
    });
  });

  it('sends a text-only mail without an HTML part, and only to its recipient', async () => {
    const { sendMail } = await mailModuleWith(catcher.handlerEnv);

    await sendMail({ to: 'reviewer@example.org', subject: 'Thread approved', text: 'Your thread was approved.' });

    const mail = await mailCatcher(catcher.url).waitForMail('reviewer@example.org');
    expect(mail.text).toBe('Your thread was approved.');
    expect(mail.html).toBeUndefined();
    expect(await mailCatcher(catcher.url).mailsTo('someone-else@example.org')).toEqual([]);
  });

  it('logs the recipient’s domain and the message id, never the address or the body', async () => {
    const { sendMail } = await mailModuleWith(catcher.handlerEnv);

    const lines = await captureJsonLines(() =>
      sendMail({
        to: 'owner@logs.example',
        subject: 'Subject line 42',
        text: 'secret-link-token-99',
        html: '<b>x</b>',
      }),
    );

    const sent = lines.filter((line) => line.message === 'mail sent');
    expect(sent).toEqual([expect.objectContaining({ recipientDomain: 'logs.example', messageId: expect.any(String) })]);
    const printed = JSON.stringify(lines);
    expect(printed).not.toContain('owner@');
    expect(printed).not.toContain('secret-link-token-99');
    expect(printed).not.toContain('Subject line 42');
  });
});

describe('sendMail failures', () => {
  it('refuses a recipient that is not an address, naming only its domain, and sends nothing', async () => {
    const { sendMail, MailNotSentError } = await mailModuleWith(catcher.handlerEnv);

    const attempt = sendMail({ to: 'dana at example.net', subject: 'Hello', text: 'Hello' });

    await expect(attempt).rejects.toBeInstanceOf(MailNotSentError);
    await expect(attempt).rejects.toThrow('The recipient is not a mail address (domain: (no domain))');
    await expect(sendMail({ to: 'dana@', subject: 'Hello', text: 'Hello' })).rejects.toThrow(
      'The recipient is not a mail address',
    );
    expect(await mailCatcher(catcher.url).mailsTo('dana at example.net')).toEqual([]);
  });

  it('says MAIL_FROM is not configured rather than calling SES without a sender', async () => {
    const { sendMail } = await mailModuleWith({ SES_ENDPOINT: catcher.handlerEnv.SES_ENDPOINT, MAIL_FROM: '' });

    await expect(sendMail({ to: 'dana@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(
      'MAIL_FROM is not configured: this function cannot send mail',
    );
  });

  it('surfaces an SES refusal as a MailNotSentError with its reason, the address cut to its domain', async () => {
    // What SES answers in its sandbox for a recipient that is not verified (SendEmail, REST JSON).
    const refusing = await serveOnLoopback((req, res) => {
      res.sendDate = false;
      sendJson(
        res,
        400,
        {
          message:
            'Email address is not verified. The following identities failed the check in region US-EAST-1: dana@example.com',
        },
        { 'x-amzn-errortype': 'MessageRejected' },
      );
      req.resume();
    });
    try {
      const { sendMail, MailNotSentError } = await mailModuleWith({
        SES_ENDPOINT: refusing.url,
        MAIL_FROM: 'no-reply@threadsnip.example',
      });

      const attempt = sendMail({ to: 'dana@example.com', subject: 'Hello', text: 'Hello' });

      await expect(attempt).rejects.toBeInstanceOf(MailNotSentError);
      await expect(attempt).rejects.toThrow(
        'SES did not send the mail to a recipient at example.com: MessageRejected: Email address is not verified. The following identities failed the check in region US-EAST-1: …@example.com',
      );
    } finally {
      await refusing.close();
    }
  });
});
