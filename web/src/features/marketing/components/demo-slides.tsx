import type { ComponentType } from 'react';
import { attributionText } from '#shared/attribution';
import { THREAD_CREDIT_COST } from '#shared/credits';

/** One step of the landing-page demo: its texts, how long it stays, and its illustration. */
export interface DemoSlide {
  /** Short name used by the numbered button, e.g. 'Paste URL'. */
  label: string;
  title: string;
  caption: string;
  /** How long auto-play shows this slide. */
  dwellMs: number;
  Mock: ComponentType;
}

const DEMO_ARTICLE_URL = 'https://example.com/blog/why-small-teams-ship-faster';

/** The share targets the landing page names. */
export const LANDING_SHARE_TARGETS = ['Reddit', 'Mastodon', 'Bluesky', 'Discord'] as const;

/** The share targets as a sentence fragment: 'Reddit, Mastodon, Bluesky and Discord'. */
export const LANDING_SHARE_TARGETS_TEXT = `${LANDING_SHARE_TARGETS.slice(0, -1).join(', ')} and ${LANDING_SHARE_TARGETS.at(-1)}`;

function PasteUrlMock() {
  return (
    <div
      className="demo-mock"
      role="img"
      aria-label={`An article URL field filled in with ${DEMO_ARTICLE_URL}, the Professional tone selected, and a Generate Thread button`}
    >
      <div className="demo-mock__bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className="demo-mock__label">Article URL</p>
      <p className="demo-mock__input">
        <span className="demo-mock__typed">{DEMO_ARTICLE_URL}</span>
        <span className="demo-mock__caret" />
      </p>
      <p className="demo-mock__label">Thread Tone</p>
      <p className="demo-mock__input demo-mock__input--short">Professional</p>
      <p className="demo-mock__button">Generate Thread · {THREAD_CREDIT_COST} credit</p>
    </div>
  );
}

const GENERATION_LINES = [
  { text: 'Extracting article content', state: 'done' },
  { text: 'Generating thread with AI', state: 'active' },
  { text: 'Finalizing your posts', state: 'waiting' },
] as const;

function GenerateMock() {
  return (
    <div
      className="demo-mock"
      role="img"
      aria-label="Generation progress: article content extracted, the AI is writing the thread, the posts are finalized next"
    >
      <p className="demo-mock__title">The AI is analysing the content…</p>
      <ul className="demo-mock__progress-list">
        {GENERATION_LINES.map((line) => (
          <li key={line.text} className={`demo-mock__progress demo-mock__progress--${line.state}`}>
            <span className="demo-mock__dot" />
            {line.text}
          </li>
        ))}
      </ul>
      <div className="demo-mock__meter">
        <span />
      </div>
    </div>
  );
}

function ThreadMock() {
  // The real attribution text, so the demo shows exactly what every thread ends with.
  const posts = [
    'Why do small teams often ship faster than big ones? A new essay breaks it down. Here is what stood out:',
    'Fewer handoffs mean fewer delays. Every extra approval step adds days, not hours.',
    attributionText(window.location.host, DEMO_ARTICLE_URL),
  ];
  return (
    <div
      className="demo-mock"
      role="img"
      aria-label="A finished three-post thread; the last post credits the original article and links to it"
    >
      <ol className="demo-mock__thread">
        {posts.map((post, position) => (
          <li
            key={post}
            className={`demo-mock__post${position === posts.length - 1 ? ' demo-mock__post--attribution' : ''}`}
          >
            <span className="demo-mock__post-index">
              {position + 1}/{posts.length}
            </span>
            {post}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ShareMock() {
  return (
    <div
      className="demo-mock"
      role="img"
      aria-label={`The thread posted successfully to ${LANDING_SHARE_TARGETS_TEXT}`}
    >
      <ul className="demo-mock__platforms">
        {LANDING_SHARE_TARGETS.map((platform) => (
          <li key={platform} className="demo-mock__platform">
            <span className={`demo-mock__badge demo-mock__badge--${platform.toLowerCase()}`}>{platform.charAt(0)}</span>
            <span className="demo-mock__platform-name">{platform}</span>
            <span className="demo-mock__posted">Successfully posted!</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The four demo steps in order, with their dwell times: 2500, 1750, 4000 and 3500 ms. */
export const DEMO_SLIDES: readonly DemoSlide[] = [
  {
    label: 'Paste URL',
    title: 'Paste Article URL',
    caption: 'Drop in the link to any article or blog post and pick the tone of your thread.',
    dwellMs: 2500,
    Mock: PasteUrlMock,
  },
  {
    label: 'Generate thread',
    title: 'AI Generates Thread',
    caption: 'The AI reads the article and condenses its key points into short, punchy posts.',
    dwellMs: 1750,
    Mock: GenerateMock,
  },
  {
    label: 'Ready to share',
    title: 'Ready to Share',
    caption: 'Review and edit every post. The last one always credits the author and links to the original.',
    dwellMs: 4000,
    Mock: ThreadMock,
  },
  {
    label: 'Multi-platform sharing',
    title: 'Share Everywhere',
    caption: `Publish to ${LANDING_SHARE_TARGETS_TEXT} in one go, or copy the posts and share them anywhere.`,
    dwellMs: 3500,
    Mock: ShareMock,
  },
];

/** The dwell times of DEMO_SLIDES, one per slide; a module constant so the carousel's timers stay put. */
export const DEMO_DWELL_TIMES_MS: readonly number[] = DEMO_SLIDES.map((slide) => slide.dwellMs);
