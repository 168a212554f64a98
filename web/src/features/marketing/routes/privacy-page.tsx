import { Link } from 'react-router-dom';
import { FREE_CREDITS_PER_DAY, THREAD_CREDIT_COST } from '#shared/credits';
import { paths } from '#web/config/paths';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import '../marketing.css';

/** The date this policy's text last changed. */
const PRIVACY_UPDATED = '2026-11-23';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'privacy-data-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run ThreadSnip:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your email address and, if you choose one, a username. Your password is
            handled by our sign-in service and is never stored in readable form.
          </li>
          <li>
            <strong>Content data:</strong> the article URLs you submit, the article text we extract from them, the
            threads the AI generates, your edits, and the tone and themes attached to each thread.
          </li>
          <li>
            <strong>Connected platforms:</strong> when you connect a social account, the username and the access details
            that platform gives us, plus your chosen channels or communities.
          </li>
          <li>
            <strong>Credits and purchases:</strong> your credit balance, the credits you use, and a record of each
            purchase (package, amount, date and the payment provider’s reference).
          </li>
          <li>
            <strong>Technical data:</strong> a sign-in session kept in your browser, a cookie that remembers this
            browser has signed in before (kept for 365 days), and basic server logs used to keep the service secure.
          </li>
        </ul>
        <p>We do not use advertising or analytics cookies.</p>
      </>
    ),
  },
  {
    id: 'privacy-how-we-use',
    title: 'How we use your information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account, and keep you signed in;</li>
          <li>extract articles, generate threads and save them to your history;</li>
          <li>publish threads to the platforms you connect, only when you ask us to;</li>
          <li>keep your credit balance and process your purchases;</li>
          <li>prevent abuse and meet our legal obligations.</li>
        </ul>
        <p>
          We rely on the performance of our contract with you for the service itself, on our legitimate interests for
          security and abuse prevention, and on legal obligations for records we must keep. We never sell your data.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-payments',
    title: 'Payments',
    body: (
      <p>
        Payments are handled by our card payment provider, Stripe. You enter your card details on Stripe’s secure
        checkout and they go directly to Stripe: ThreadSnip never receives or stores your card data. We keep only the
        purchase record described above. Prices include VAT where applicable.
      </p>
    ),
  },
  {
    id: 'privacy-credits',
    title: 'Credits',
    body: (
      <ul>
        <li>
          Each thread generation costs about one credit ({THREAD_CREDIT_COST} credit for each new thread; a credit is
          used only when generation succeeds).
        </li>
        <li>
          Free credits ({FREE_CREDITS_PER_DAY.user} a day for each account) have no cash value, reset daily at midnight
          and do not stack.
        </li>
        <li>Purchased credits never expire and cannot be refunded.</li>
        <li>Free credits are always used before purchased credits.</li>
      </ul>
    ),
  },
  {
    id: 'privacy-sharing',
    title: 'Who we share information with',
    body: (
      <>
        <p>We share data only with the services that help us run ThreadSnip, and only as far as each one needs:</p>
        <ul>
          <li>our cloud hosting provider, which stores and processes data on our behalf;</li>
          <li>our AI provider, which receives the article text needed to generate your thread;</li>
          <li>Stripe, which processes your payments;</li>
          <li>the social platforms you connect, which receive the posts you choose to publish.</li>
        </ul>
        <p>
          Where data leaves the European Economic Area, we rely on safeguards recognised under the GDPR, such as the
          European Commission’s standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-attribution',
    title: 'Your content and attribution',
    body: (
      <p>
        Threads are built from other people’s work, so you must attribute your sources. Every generated thread ends with
        a post that credits the original article and links to it; keep that attribution when you share. See our{' '}
        <Link to={paths.terms.getHref()}>Terms of Service</Link> for the rules on content you submit and publish.
      </p>
    ),
  },
  {
    id: 'privacy-retention',
    title: 'How long we keep data',
    body: (
      <p>
        We keep your data for as long as your account exists. When you delete your account, your threads, platform
        connections, credits and credit history, profile and sign-in are removed permanently. Stripe keeps the payment
        records it is legally required to keep.
      </p>
    ),
  },
  {
    id: 'privacy-your-rights',
    title: 'Your rights under the GDPR',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>rectification</strong> of data that is inaccurate or incomplete;
          </li>
          <li>
            <strong>erasure</strong> of your data (“the right to be forgotten”);
          </li>
          <li>
            <strong>restriction</strong> of how we process your data;
          </li>
          <li>
            <strong>portability</strong>: receiving your data in a structured, machine-readable format;
          </li>
          <li>
            <strong>objection</strong> to processing based on our legitimate interests;
          </li>
          <li>
            <strong>complaint</strong> to the Irish Data Protection Commission (
            <a href="https://www.dataprotection.ie" rel="noreferrer">
              dataprotection.ie
            </a>
            ) or the supervisory authority where you live.
          </li>
        </ul>
        <p>To exercise these rights, contact our support team. We reply within one month.</p>
      </>
    ),
  },
  {
    id: 'privacy-deletion',
    title: 'Deleting your account',
    body: (
      <p>
        You can delete your account at any time from <Link to={paths.accountSettings.getHref()}>Account Settings</Link>:
        choose Delete Account in the Danger Zone and type your email address to confirm. Deletion is immediate and
        permanent, and any unused purchased credits are lost.
      </p>
    ),
  },
  {
    id: 'privacy-law',
    title: 'Governing law',
    body: (
      <p>
        This policy is governed by the laws of Ireland. The Irish Data Protection Commission is our lead supervisory
        authority.
      </p>
    ),
  },
  {
    id: 'privacy-changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as ThreadSnip evolves. We will change the date at the top of the page and, for
        significant changes, let you know before they take effect.
      </p>
    ),
  },
];

/** The static Privacy Policy page. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          Your privacy matters to us. This policy explains what information ThreadSnip collects when you use it, why,
          and the choices and rights you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
