/** A "nice" top for the y axis (1, 2, 5 × 10ⁿ) at or above the largest value, never below 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** SVG polyline points for values spread over `width`, scaled to `max` over `height` (y grows downwards). */
export function linePoints(values: readonly number[], width: number, height: number, max: number): string {
  if (values.length === 0) return '';
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => `${(index * stepX).toFixed(1)},${(height - (value / max) * height).toFixed(1)}`)
    .join(' ');
}

/** "Nov 3" from "2026-11-03", read as a UTC date so the label never shifts a day. */
export const shortDate = (isoDate: string): string =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
