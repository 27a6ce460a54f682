import { useEffect, useId, useRef, useState } from 'react';
import { barHeight, groupedBarLayout, valueScale } from './chart-scale';

export interface IBarSeries {
  name: string;
  /** Tailwind fill and background classes of the series, e.g. 'fill-brand-700' and 'bg-brand-700'. */
  fillClass: string;
  swatchClass: string;
  values: readonly number[];
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 56 };

/** The width of an element, followed as it resizes; `fallback` until it is measured. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Grouped bars drawn as SVG at the width it is given (text stays its real size on a phone), with
 * the same figures as a table under "Show the figures" for those who cannot see the bars. The
 * picture is described by `summary`, which a screen reader reads instead of the shapes.
 */
export function BarChart({
  title,
  summary,
  categories,
  series,
  formatValue,
  formatAxis,
  categoryHeader = 'Month',
}: {
  title: string;
  summary: string;
  /** The heading of the categories' column in the figures' table. */
  categoryHeader?: string;
  categories: readonly string[];
  series: readonly IBarSeries[];
  formatValue: (value: number) => string;
  formatAxis: (value: number) => string;
}) {
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const scale = valueScale(series.flatMap((s) => s.values));
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const layout = groupedBarLayout(plotWidth, categories.length, series.length);
  // On a narrow chart every other label is shown, so labels never overlap.
  const labelEvery = layout.band < 32 ? 2 : 1;
  const y = (value: number) => MARGIN.top + plotHeight - barHeight(value, scale, plotHeight);

  return (
    <figure className="space-y-3" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <div ref={ref} className="w-full">
        <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block max-w-full">
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
              <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                {formatAxis(tick)}
              </text>
            </g>
          ))}
          {categories.map((category, group) => (
            <g key={category}>
              {series.map((s, bar) => {
                const value = s.values[group] ?? 0;
                const h = barHeight(value, scale, plotHeight);
                return (
                  <rect
                    key={s.name}
                    x={MARGIN.left + layout.x(group, bar)}
                    y={MARGIN.top + plotHeight - h}
                    width={Math.max(1, layout.barWidth - 1)}
                    height={h}
                    rx={2}
                    className={s.fillClass}
                  >
                    <title>{`${s.name}, ${category}: ${formatValue(value)}`}</title>
                  </rect>
                );
              })}
              {group % labelEvery === 0 && (
                <text
                  x={MARGIN.left + group * layout.band + layout.band / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-slate-600 text-[11px]"
                >
                  {category}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Legend">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-2">
            <span className={`inline-block size-3 rounded-sm ${s.swatchClass}`} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600 uppercase">
                <th scope="col" className="py-2 pr-4">
                  {categoryHeader}
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="py-2 pr-4 text-right">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {categories.map((category, group) => (
                <tr key={category}>
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    {category}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} className="py-1.5 pr-4 text-right tabular-nums">
                      {formatValue(s.values[group] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * One bar per row, each labelled and valued in text: a table whose bars only repeat what its
 * figures say, so it reads the same to everyone.
 */
export function HorizontalBars({
  caption,
  rowHeader,
  valueHeader,
  rows,
  formatValue,
  max: fixedMax,
  barClass = 'bg-amber-500',
}: {
  caption: string;
  rowHeader: string;
  valueHeader: string;
  rows: readonly { label: string; value: number }[];
  formatValue: (value: number) => string;
  /** The value of a full bar (e.g. 100 for percentages); the largest row's by default. */
  max?: number;
  /** The bars' Tailwind background class. */
  barClass?: string;
}) {
  const max = fixedMax ?? Math.max(1, ...rows.map((r) => r.value));
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-slate-900">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{rowHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="w-24 py-1.5 pr-3 font-normal whitespace-nowrap text-slate-700">
              {row.label}
            </th>
            <td className="py-1.5">
              <div className="flex items-center gap-3">
                <div className="h-3 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-3 rounded-full ${barClass}`}
                    style={{ width: `${row.value > 0 ? Math.max(1, (row.value / max) * 100) : 0}%` }}
                  />
                </div>
                <span className="w-28 text-right tabular-nums text-slate-900">{formatValue(row.value)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
