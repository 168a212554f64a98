import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import '../marketing.css';

const STEPS = [
  {
    title: 'Share an article',
    text: 'Paste the link to an article, essay or blog post you found valuable. ThreadSnip extracts the text so you can check what the AI will work from.',
  },
  {
    title: 'The AI creates threads',
    text: 'Our AI condenses the article into a thread of short posts in the tone you choose. Review and edit every post until it says exactly what you want.',
  },
  {
    title: 'Share and support',
    text: 'Publish to your connected platforms or share by hand. The final post always credits the author and links to the original, sending readers to the source.',
  },
] as const;

const VALUES = [
  { title: 'Credit where it’s due', text: 'Attribution is built into every thread and cannot be edited away.' },
  { title: 'You stay in control', text: 'Nothing is published until you have reviewed it and chosen where it goes.' },
  { title: 'Fair and transparent', text: 'Free credits every day, and purchased credits that never expire.' },
] as const;

/** The About page: ThreadSnip's mission and how it works in three steps. */
export function AboutPage() {
  return (
    <article className="marketing-page about">
      <header className="marketing-page__header">
        <p className="landing-hero__tagline">Snip it • Shape it • Share it</p>
        <h1>About ThreadSnip</h1>
      </header>

      <section aria-labelledby="mission-title">
        <h2 id="mission-title">Our mission</h2>
        <p>
          Great writing deserves to be read. ThreadSnip helps content curators and creators amplify the articles they
          love by turning long-form content into concise, shareable threads, while respecting the people who wrote them.
        </p>
        <p>
          Every thread credits the original author and links back to the source, so readers find the full article,
          creators get the traffic they deserve, and you build a reputation as a curator worth following.
        </p>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="about-steps">
          {STEPS.map((step, position) => (
            <li key={step.title} className="card about-steps__item">
              <span className="landing-steps__number" aria-hidden="true">
                {position + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="values-title">
        <h2 id="values-title">What we stand for</h2>
        <ul className="about-values">
          {VALUES.map((value) => (
            <li key={value.title}>
              <strong>{value.title}.</strong> {value.text}
            </li>
          ))}
        </ul>
      </section>

      <section className="closing-cta" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title">Try it with your next favourite article</h2>
        <p>Paste a link and see your first thread in moments.</p>
        <Link className="button closing-cta__button marketing-button--large" to={paths.create.getHref()}>
          Create Thread Now
        </Link>
      </section>
    </article>
  );
}
