/**
 * Reads the local mail catcher (local/mail-catcher.ts) over its JSON API, as a person reads the
 * inbox page: from vitest and from Playwright alike (plain fetch, no test-runner imports).
 */

/** One mail as the catcher stored it. */
export interface CaughtMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  /** Every http(s) link in the text body, in order (an invitation's link, for one). */
  links: string[];
  /** When the catcher took it (whole seconds). */
  sentAt: Date;
}

/** A mail as aws-ses-v2-local's `GET /store` lists it. */
interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

// Stops at whitespace, angle brackets and quotes; a sentence's closing punctuation is not part of it.
const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** The bare address of `Name <a@b>` or `a@b`, lowercased. */
function bareAddress(recipient: string): string {
  return (/<([^>]+)>/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
}

function toCaughtMail(stored: StoredMail): CaughtMail {
  const text = stored.body.text ?? '';
  return {
    messageId: stored.messageId,
    from: stored.from,
    to: stored.destination.to,
    subject: stored.subject,
    text,
    html: stored.body.html,
    links: text.match(LINK) ?? [],
    sentAt: new Date(stored.at * 1000),
  };
}

/** The catcher at `url` (a stack's `mailCatcherUrl`): the mails it holds for an address, and a wait for one. */
export function mailCatcher(url: string) {
  const base = url.replace(/\/+$/, '');

  /** Every mail to `address` (compared without case), oldest first. */
  async function mailsTo(address: string): Promise<CaughtMail[]> {
    const response = await fetch(`${base}/store`);
    if (!response.ok) throw new Error(`The mail catcher at ${base} answered ${response.status}`);
    const { emails } = (await response.json()) as { emails: StoredMail[] };
    const wanted = bareAddress(address);
    return emails.filter((mail) => mail.destination.to.some((to) => bareAddress(to) === wanted)).map(toCaughtMail);
  }

  /**
   * The newest mail to `address` that `matches` accepts (any, without it), once it has arrived;
   * throws after `timeoutMs`, naming the subjects that did arrive.
   */
  async function waitForMail(
    address: string,
    matches: (mail: CaughtMail) => boolean = () => true,
    { timeoutMs = 15_000 } = {},
  ): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await mailsTo(address);
      const found = mails.filter(matches).at(-1);
      if (found) return found;
      if (Date.now() > deadline) {
        const subjects = mails.map((mail) => JSON.stringify(mail.subject)).join(', ') || 'none';
        throw new Error(`No matching mail to ${address} within ${timeoutMs} ms (mails to it: ${subjects})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { mailsTo, waitForMail };
}
