import { Link } from 'react-router-dom';
import { FREE_CREDITS_PER_DAY, THREAD_CREDIT_COST } from '#shared/credits';
import { paths } from '#web/config/paths';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import '../marketing.css';

/** The date these terms' text last changed. */
const TERMS_UPDATED = '2026-11-23';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'terms-acceptance',
    title: 'Accepting these terms',
    body: (
      <p>
        By creating an account, buying credits or clicking Generate Thread, you agree to these Terms of Service. If you
        do not agree, please do not use ThreadSnip.
      </p>
    ),
  },
  {
    id: 'terms-service',
    title: 'The service',
    body: (
      <p>
        ThreadSnip turns the article at a URL you provide into a social-media thread using AI. You can edit the thread,
        save it to your history, publish it to platforms you connect, or share it manually.
      </p>
    ),
  },
  {
    id: 'terms-account',
    title: 'Your account',
    body: (
      <p>
        Give us a valid email address, keep your password safe and tell us if you believe your account has been misused.
        You are responsible for what happens under your account.
      </p>
    ),
  },
  {
    id: 'terms-credits',
    title: 'Credits',
    body: (
      <ul>
        <li>
          Each thread generation costs about one credit: {THREAD_CREDIT_COST} credit for each new thread, used only when
          generation succeeds. Editing and updating a saved thread is free.
        </li>
        <li>
          Free credits ({FREE_CREDITS_PER_DAY.user} a day for each account) reset daily at midnight, do not stack, have
          no cash value and cannot be transferred or exchanged.
        </li>
        <li>Purchased credits never expire and cannot be refunded.</li>
        <li>Free credits are always used before purchased credits.</li>
      </ul>
    ),
  },
  {
    id: 'terms-payments',
    title: 'Payments and prices',
    body: (
      <>
        <p>
          Prices are shown in euros and include VAT where applicable. Payments are handled by our card payment provider,
          Stripe; ThreadSnip never receives or stores your card data.
        </p>
        <p>
          Credits are added to your account as soon as your payment is confirmed. Because they are delivered
          immediately, you agree that your right to withdraw from the purchase ends once they are added. Nothing in
          these terms affects your statutory rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'terms-attribution',
    title: 'Your content and attribution',
    body: (
      <>
        <p>
          You are responsible for the URLs you submit and for everything you publish. You must attribute your sources:
          every thread ends with a post that credits the original article and links to it, and that post must stay when
          you share the thread, including when you share it manually.
        </p>
        <p>
          Respect the rights of the original authors and the rules of the platforms you post to. You keep your rights in
          your edits, and you allow us to process your content only as needed to provide the service.
        </p>
      </>
    ),
  },
  {
    id: 'terms-acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use ThreadSnip to:</p>
        <ul>
          <li>publish unlawful, hateful, harassing or misleading content;</li>
          <li>infringe copyright or pass off someone else’s work as your own;</li>
          <li>send spam or post to communities against their rules;</li>
          <li>get around the credit system, overload the service or access other users’ data.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'terms-ai-content',
    title: 'AI-generated content',
    body: (
      <p>
        AI can make mistakes or add details that are not in the article. Review every thread before you publish it;
        ThreadSnip flags threads that may contain added content, but you remain responsible for what you share.
      </p>
    ),
  },
  {
    id: 'terms-platforms',
    title: 'Third-party platforms',
    body: (
      <p>
        Posting to a connected platform is subject to that platform’s own terms. We are not responsible for their
        availability or for how they display or moderate your posts. You can disconnect a platform at any time.
      </p>
    ),
  },
  {
    id: 'terms-termination',
    title: 'Ending your use',
    body: (
      <p>
        You can delete your account at any time from <Link to={paths.accountSettings.getHref()}>Account Settings</Link>.
        Deletion is permanent and unused purchased credits are lost. We may suspend or close accounts that break these
        terms.
      </p>
    ),
  },
  {
    id: 'terms-liability',
    title: 'Liability',
    body: (
      <p>
        We work hard to keep ThreadSnip available and accurate, but we provide it as is. To the extent the law allows,
        we are not liable for indirect losses or for content you publish. Nothing in these terms limits liability that
        cannot be limited under Irish law.
      </p>
    ),
  },
  {
    id: 'terms-privacy',
    title: 'Privacy and your GDPR rights',
    body: (
      <p>
        Our <Link to={paths.privacy.getHref()}>Privacy Policy</Link> explains what data we collect (your email and the
        content you process) and your rights under the GDPR: access, rectification, erasure, portability, objection, and
        complaint to the Irish Data Protection Commission.
      </p>
    ),
  },
  {
    id: 'terms-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of Ireland, and the Irish courts have jurisdiction. If you are a consumer
        living elsewhere in the EU, you also keep the protection of the mandatory laws of your country.
      </p>
    ),
  },
  {
    id: 'terms-changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will change the date at the top of the page and, for significant changes, let you
        know before they take effect. Continuing to use ThreadSnip after that means you accept the new terms.
      </p>
    ),
  },
];

/** The static Terms of Service page. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro={
        <p>
          These terms set out how ThreadSnip works and what we expect from each other. Please read them together with
          our <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
