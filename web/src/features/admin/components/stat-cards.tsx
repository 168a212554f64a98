import './admin.css';

/** A row of labelled figures (dashboard and list pages). */
export function StatCards({ stats }: { stats: Array<{ label: string; value: string | number }> }) {
  return (
    <dl className="admin-stats">
      {stats.map((stat) => (
        <div key={stat.label} className="card admin-stat">
          <dt className="muted">{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
