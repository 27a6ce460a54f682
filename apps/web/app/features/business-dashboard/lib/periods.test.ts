import { describe, expect, it } from 'vitest';
import { periodFor } from './periods';

describe('dashboard periods', () => {
  const today = new Date('2026-12-02T23:30:00Z'); // already 3 December in South Africa
  it('ends each period on the South African date', () => {
    expect(periodFor('30d', today)).toEqual({ from: '2026-11-04', to: '2026-12-03' });
    expect(periodFor('month', today)).toEqual({ from: '2026-12-01', to: '2026-12-03' });
    expect(periodFor('year', today)).toEqual({ from: '2026-01-01', to: '2026-12-03' });
  });
});
