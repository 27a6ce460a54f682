/**
 * The value axis of a bar chart: a round top above the largest value and evenly spaced ticks, so
 * the gridlines read R0, R50k, R100k… rather than R0, R43 217…
 */
export interface IValueScale {
  /** The value at the top of the plot (≥ the largest value, at least 1). */
  max: number;
  /** Tick values from 0 to max inclusive, evenly spaced. */
  ticks: number[];
}

/** The steps a tick interval may take within each power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;

/**
 * A scale from 0 whose top is the smallest "nice" multiple of a nice step at or above the largest
 * value, with at most `maxIntervals` intervals. All values of zero (or none) give a scale of 0
 * to 1, so an empty chart still draws its axis.
 */
export function valueScale(values: readonly number[], maxIntervals = 5): IValueScale {
  const largest = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  if (largest === 0) return { max: 1, ticks: [0, 1] };
  const rough = largest / maxIntervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    NICE_STEPS.map((s) => s * magnitude).find((s) => Math.ceil(largest / s - 1e-9) <= maxIntervals) ?? 10 * magnitude;
  const intervals = Math.ceil(largest / step - 1e-9);
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => roundTo(i * step, magnitude));
  return { max: ticks[ticks.length - 1]!, ticks };
}

/** Removes floating-point dust (0.30000000000000004) at the scale of the step. */
function roundTo(value: number, magnitude: number): number {
  const precision = magnitude < 1 ? Math.ceil(-Math.log10(magnitude)) + 1 : 0;
  return Number(value.toFixed(precision));
}

/** The height in pixels of a bar of `value` on a plot `plotHeight` high; a value above 0 shows at least 1 px. */
export function barHeight(value: number, scale: IValueScale, plotHeight: number): number {
  if (value <= 0) return 0;
  return Math.max(1, (Math.min(value, scale.max) / scale.max) * plotHeight);
}

/**
 * Where each group of bars sits on a plot `width` wide: `groups` groups, `perGroup` bars each,
 * with a gap between groups of `gapRatio` of a group's band. Returns the x of each bar and its width.
 */
export function groupedBarLayout(
  width: number,
  groups: number,
  perGroup: number,
  gapRatio = 0.3,
): { band: number; barWidth: number; x: (group: number, bar: number) => number } {
  const band = groups > 0 ? width / groups : width;
  const inner = band * (1 - gapRatio);
  const barWidth = perGroup > 0 ? inner / perGroup : inner;
  return { band, barWidth, x: (group, bar) => group * band + (band - inner) / 2 + bar * barWidth };
}
