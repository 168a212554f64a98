import type { ReactNode } from 'react';

/** One numbered part of a legal page; `id` becomes its anchor for the contents list. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** When the text last changed, shown under the title (YYYY-MM-DD). */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A static legal page: title, date, a contents list linking to each section, then the sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="marketing-page legal-doc">
      <header className="marketing-page__header">
        <h1>{title}</h1>
        <p className="muted small">
          Last updated: <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </header>
      <div className="legal-doc__intro">{intro}</div>
      <nav className="legal-doc__contents" aria-label="Contents">
        <h2 className="legal-doc__contents-title">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, position) => (
        <section
          key={section.id}
          id={section.id}
          className="legal-doc__section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>
            {position + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

function formatDate(isoDate: string): string {
  // Noon UTC keeps the calendar day the same in every time zone.
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
