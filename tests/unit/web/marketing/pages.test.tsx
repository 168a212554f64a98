// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TermsNotice } from '#web/components/terms-notice';
import { AboutPage } from '#web/features/marketing/routes/about-page';
import { LandingPage } from '#web/features/marketing/routes/landing-page';
import { PrivacyPage } from '#web/features/marketing/routes/privacy-page';
import { TermsPage } from '#web/features/marketing/routes/terms-page';

afterEach(cleanup);

function renderPage(page: ReactNode) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

/** The page's text with runs of whitespace collapsed, for phrases that span inline elements. */
function pageText(container: HTMLElement): string {
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

/** Heading levels in document order: one h1 first, and no level skipped on the way down. */
function expectHeadingsInOrder(container: HTMLElement) {
  const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
    Number(heading.tagName.slice(1)),
  );
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let position = 1; position < levels.length; position += 1) {
    expect(levels[position]!).toBeLessThanOrEqual(levels[position - 1]! + 1);
  }
}

const linkHref = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('landing page', () => {
  it('shows the hero: headline, tagline, three steps and Create Thread Now', () => {
    const { container } = renderPage(<LandingPage />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Transform long-form content into digestible threads' }),
    ).toBeTruthy();
    expect(screen.getByText('Snip it • Shape it • Share it')).toBeTruthy();
    const steps = container.querySelectorAll('.landing-steps__title');
    expect([...steps].map((step) => step.textContent)).toEqual([
      'Paste Article URL',
      'AI Generates Thread',
      'Ready to Share',
    ]);
    expect(linkHref('Create Thread Now')).toBe('/create');
  });

  it('shows the four feature cards and names the share targets', () => {
    const { container } = renderPage(<LandingPage />);

    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cards).toEqual(
      expect.arrayContaining([
        'AI-Powered Summarization',
        'Creator-First Approach',
        'Audience Growth',
        'Amplify Creators',
      ]),
    );
    expect(pageText(container)).toContain('Share to Reddit, Mastodon, Bluesky and Discord');
  });

  it('links the benefits list and the final call to action to /create', () => {
    renderPage(<LandingPage />);

    const benefits = screen.getByRole('region', { name: 'Everything you need to share smarter' });
    expect(within(benefits).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(benefits).getByRole('link', { name: 'Start creating threads' }).getAttribute('href')).toBe('/create');
    const closing = screen.getByRole('region', { name: 'Ready to amplify the articles you love?' });
    expect(within(closing).getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/create');
  });

  it('keeps its headings in order', () => {
    const { container } = renderPage(<LandingPage />);
    expectHeadingsInOrder(container);
  });
});

describe('about page', () => {
  it('states the mission and the three steps', () => {
    const { container } = renderPage(<AboutPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'About ThreadSnip' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeTruthy();
    const steps = within(screen.getByRole('region', { name: 'How it works' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(steps).toEqual(['Share an article', 'The AI creates threads', 'Share and support']);
    expect(pageText(container)).toContain('credits the original author and links back to the source');
    expect(linkHref('Create Thread Now')).toBe('/create');
    expectHeadingsInOrder(container);
  });
});

// The subjects both legal pages must cover.
const SHARED_LEGAL_FACTS = [
  'Stripe',
  'never receives or stores your card data',
  'no cash value',
  'reset daily',
  'never expire and cannot be refunded',
  'Free credits are always used before purchased credits',
  'Each thread generation costs about one credit',
  'must attribute your sources',
  'laws of Ireland',
  'Irish Data Protection Commission',
  'VAT where applicable',
  'email',
];

describe('privacy policy', () => {
  it('covers the data collected, payments, credits, attribution, Irish law and GDPR rights', () => {
    const { container } = renderPage(<PrivacyPage />);
    const text = pageText(container);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    for (const fact of [...SHARED_LEGAL_FACTS, 'article URLs you submit', 'threads the AI generates']) {
      expect(text).toContain(fact);
    }
    for (const right of ['access', 'rectification', 'erasure', 'portability', 'objection', 'complaint']) {
      expect(text).toContain(right);
    }
    expect(linkHref('Account Settings')).toBe('/account-settings');
    expectHeadingsInOrder(container);
  });

  it('lists every section in its contents, linking to the section', () => {
    const { container } = renderPage(<PrivacyPage />);

    const contents = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(contents.length).toBeGreaterThanOrEqual(8);
    for (const link of contents) {
      const target = container.querySelector(link.getAttribute('href') ?? '#missing');
      expect(target?.querySelector('h2')?.textContent).toContain(link.textContent);
    }
  });
});

describe('terms of service', () => {
  it('covers credits, payments, attribution, Irish law, GDPR rights and deletion', () => {
    const { container } = renderPage(<TermsPage />);
    const text = pageText(container);

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    for (const fact of SHARED_LEGAL_FACTS) {
      expect(text).toContain(fact);
    }
    expect(text).toContain('access, rectification, erasure, portability, objection, and complaint');
    expect(linkHref('Account Settings')).toBe('/account-settings');
    const privacyLinks = screen.getAllByRole('link', { name: 'Privacy Policy' });
    expect(privacyLinks.map((link) => link.getAttribute('href'))).toEqual(privacyLinks.map(() => '/privacy'));
    expectHeadingsInOrder(container);
  });
});

describe('terms notice', () => {
  it('says that clicking Generate Thread means agreeing, with a link to the terms', () => {
    const { container } = renderPage(<TermsNotice />);

    expect(container.textContent).toBe('By clicking Generate Thread, you agree to our Terms of Service.');
    expect(linkHref('Terms of Service')).toBe('/terms');
  });
});
