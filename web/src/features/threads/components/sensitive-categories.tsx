/** The categories a sensitivity check flagged, as warning badges. */
export function SensitiveCategories({ categories }: { categories: readonly string[] }) {
  if (categories.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Sensitive categories">
      {categories.map((category) => (
        <li key={category} className="badge badge--warning">
          {category}
        </li>
      ))}
    </ul>
  );
}

/** The warning above a thread whose article covers sensitive topics, with the categories flagged. */
export function SensitiveContentBanner({
  thread,
}: {
  thread: { isSensitiveContent: boolean; sensitiveContentMessage?: string | null; sensitiveCategories: string[] };
}) {
  if (!thread.isSensitiveContent) return null;
  return (
    <div className="banner banner--warning" role="status">
      <strong>Sensitive content</strong>
      <p>{thread.sensitiveContentMessage ?? 'This article covers sensitive topics. Review the posts with care.'}</p>
      <SensitiveCategories categories={thread.sensitiveCategories} />
    </div>
  );
}
