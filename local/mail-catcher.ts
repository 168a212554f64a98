import sesLocalModule from 'aws-ses-v2-local';

/** The address the local stack's handlers send from (MAIL_FROM). */
export const LOCAL_MAIL_FROM = 'no-reply@threadsnip.local';
/** The inbox's port when `npm start` runs on a fixed port (as Mailpit's and MailHog's web inboxes use), else any free one. */
export const LOCAL_MAIL_CATCHER_PORT = 8025;

// A CommonJS build of an ES module: under Node's ESM loader its default import is the exports object.
const startSesLocal = (sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule;

/**
 * The local stand-in for Amazon SES: aws-ses-v2-local in this process on 127.0.0.1, answering SES
 * v2's SendEmail as the SDK sends it (`POST /v2/email/outbound-emails` → `{ MessageId }`) and keeping
 * every mail in memory until the process ends: an inbox page at `url`, the stored mails as JSON at
 * `${url}/store` (tests/helpers/mail-catcher.ts reads them).
 */
export async function startMailCatcher(port: number) {
  // The catcher would relay each mail to an SMTP server named there; nothing may leave this machine.
  delete process.env.SMTP_TRANSPORT;
  const server = await startSesLocal({ host: '127.0.0.1', port });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    /** The inbox, for people and for the test helper. */
    url: `http://localhost:${boundPort}`,
    /** The environment the handlers need to send mail here. */
    handlerEnv: { SES_ENDPOINT: `http://127.0.0.1:${boundPort}`, MAIL_FROM: LOCAL_MAIL_FROM },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
