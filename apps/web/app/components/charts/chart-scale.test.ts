import { describe, expect, it } from 'vitest';
import { barHeight, groupedBarLayout, valueScale } from './chart-scale';

describe('valueScale: a round axis above the data', () => {
  it('rounds the top up to a nice step', () => {
    // R43 217 billed at most: ticks of R10 000 up to R50 000.
    expect(valueScale([4_321_700, 1_200_000])).toEqual({
      max: 5_000_000,
      ticks: [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000],
    });
    expect(valueScale([100])).toEqual({ max: 100, ticks: [0, 20, 40, 60, 80, 100] });
    expect(valueScale([95_000, 106_800])).toEqual({
      max: 125_000,
      ticks: [0, 25_000, 50_000, 75_000, 100_000, 125_000],
    });
  });

  it('never has more intervals than asked for, nor a top below the largest value', () => {
    for (const largest of [1, 7, 99, 101, 999, 12_345, 87_654_321]) {
      const scale = valueScale([largest]);
      expect(scale.max).toBeGreaterThanOrEqual(largest);
      expect(scale.ticks.length - 1).toBeLessThanOrEqual(5);
      expect(scale.ticks[0]).toBe(0);
    }
  });

  it('draws an axis for no data or only zeros', () => {
    expect(valueScale([])).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale([0, 0])).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('keeps fractional ticks clean', () => {
    expect(valueScale([0.3])).toEqual({ max: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
  });
});

describe('bars on the plot', () => {
  const scale = valueScale([200]);
  it('scales heights to the plot and keeps a tiny value visible', () => {
    expect(barHeight(200, scale, 160)).toBe(160);
    expect(barHeight(100, scale, 160)).toBe(80);
    expect(barHeight(0.01, scale, 160)).toBe(1);
    expect(barHeight(0, scale, 160)).toBe(0);
    expect(barHeight(-5, scale, 160)).toBe(0);
  });

  it('places grouped bars side by side inside their band', () => {
    const layout = groupedBarLayout(600, 12, 2, 0.5);
    expect(layout.band).toBe(50);
    expect(layout.barWidth).toBe(12.5);
    expect(layout.x(0, 0)).toBe(12.5);
    expect(layout.x(0, 1)).toBe(25);
    expect(layout.x(11, 1)).toBe(575);
  });
});
