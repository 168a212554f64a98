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
