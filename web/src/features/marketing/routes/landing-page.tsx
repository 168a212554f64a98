import { Link } from 'react-router-dom';
import { FREE_CREDITS_PER_DAY } from '#shared/credits';
import { TONES } from '#shared/tones';
import { paths } from '#web/config/paths';
import { DemoCarousel } from '../components/demo-carousel';
import { LANDING_SHARE_TARGETS_TEXT } from '../components/demo-slides';
import { FeatureIcon, type FeatureIconName } from '../components/feature-icon';
import '../marketing.css';

const HERO_STEPS = [
  { title: 'Paste Article URL', text: 'Any article, essay or blog post.' },
  { title: 'AI Generates Thread', text: 'Key points condensed into short posts.' },
  { title: 'Ready to Share', text: 'Edit, save and publish in minutes.' },
] as const;

const FEATURES: readonly { title: string; text: string; icon: FeatureIconName }[] = [
  {
    title: 'AI-Powered Summarization',
    text: 'Turn a long read into a clear, engaging thread that keeps the author’s key ideas intact.',
    icon: 'sparkles',
  },
  {
    title: 'Creator-First Approach',
    text: 'Every thread ends by crediting the original author and linking back to the source.',
    icon: 'heart',
  },
  {
    title: 'Audience Growth',
    text: 'Share valuable content consistently and build your reputation as a trusted curator.',
    icon: 'chart',
  },
  {
    title: 'Amplify Creators',
    text: 'Send readers to the writers you admire and help great work travel further.',
    icon: 'megaphone',
  },
];

const BENEFITS = [
  'Save hours: go from article to thread in a few clicks',
  'Attribution built in: the final post always links to the original',
  'Stay in control: edit every post before it goes live',
  `Share to ${LANDING_SHARE_TARGETS_TEXT}, or copy posts anywhere`,
  `Choose from ${TONES.length} tones, from professional to humorous`,
  `Start free with ${FREE_CREDITS_PER_DAY.user} credits every day`,
];

/** The public home page: hero, demo carousel, features, benefits and a final call to action. */
export function LandingPage() {
  const createHref = paths.create.getHref();
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <p className="landing-hero__tagline">Snip it • Shape it • Share it</p>
        <h1 id="landing-title">Transform long-form content into digestible threads</h1>
        <p className="landing-hero__pitch">
          ThreadSnip’s AI summarises any article into a ready-to-post thread. Every thread credits and links back to the
          original author, so you build your reputation as a curator while driving readers to the source.
        </p>
        <ol className="landing-steps">
          {HERO_STEPS.map((step, position) => (
            <li key={step.title} className="landing-steps__item">
              <span className="landing-steps__number" aria-hidden="true">
                {position + 1}
              </span>
              <span>
                <strong className="landing-steps__title">{step.title}</strong>
                <span className="landing-steps__text">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
        <div className="landing-hero__actions">
          <Link className="button button--primary marketing-button--large" to={createHref}>
            Create Thread Now
          </Link>
          <Link className="button marketing-button--large" to={paths.about.getHref()}>
            Learn more
          </Link>
        </div>
      </section>

      <DemoCarousel />

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title" className="landing-section__title">
          Why curators choose ThreadSnip
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature-card">
              <FeatureIcon name={feature.icon} />
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section benefits" aria-labelledby="benefits-title">
        <div>
          <h2 id="benefits-title" className="landing-section__title">
            Everything you need to share smarter
          </h2>
          <p className="muted">Built for content curators who want to add value, not noise.</p>
          <Link className="button button--primary" to={createHref}>
            Start creating threads
          </Link>
        </div>
        <ul className="benefit-list">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      <section className="closing-cta" aria-labelledby="closing-cta-title">
        <h2 id="closing-cta-title">Ready to amplify the articles you love?</h2>
        <p>Paste a link, shape the thread, and share it with credit where it’s due.</p>
        <Link className="button closing-cta__button marketing-button--large" to={createHref}>
          Get started free
        </Link>
      </section>
    </div>
  );
}
