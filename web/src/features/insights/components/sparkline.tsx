import { sparklinePoints } from '../lib/sparkline';

const WIDTH = 96;
const HEIGHT = 28;

/** The small line over a platform's readings (1 h, 24 h, 7 d); decorative, the table holds the figures. */
export function Sparkline({ values }: { values: readonly (number | null)[] }) {
  const points = sparklinePoints(values, WIDTH, HEIGHT);
  if (points.length === 0) return null;
  return (
    <svg
      className="sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points.map(({ x, y }) => `${x},${y}`).join(' ')} fill="none" />
      {points.map(({ x, y }) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={2} />
      ))}
    </svg>
  );
}
