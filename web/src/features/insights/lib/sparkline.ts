/** A point of the sparkline in SVG user units (y grows downwards). */
export interface SparkPoint {
  x: number;
  y: number;
}

/**
 * The small line over a platform's readings: values spread evenly across the width and scaled
 * between their minimum (bottom) and maximum (top) inside `pad`; equal values draw a level line
 * across the middle. A reading with no figure (null) is left out, not drawn as 0.
 */
export function sparklinePoints(
  values: readonly (number | null)[],
  width: number,
  height: number,
  pad = 2,
): SparkPoint[] {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return [];
  const min = Math.min(...known);
  const max = Math.max(...known);
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const span = height - 2 * pad;
  const points: SparkPoint[] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    const x = values.length > 1 ? pad + index * step : width / 2;
    const y = max === min ? height / 2 : pad + span - ((value - min) / (max - min)) * span;
    points.push({ x: round(x), y: round(y) });
  });
  return points;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
