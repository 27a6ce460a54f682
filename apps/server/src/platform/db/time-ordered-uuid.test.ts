import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-uuid.ts';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose first 48 bits are the millisecond, so later keys sort after earlier ones', () => {
    const at = Date.UTC(2026, 11, 4, 16, 20, 0, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(timeOrderedUuid(at + 1) > timeOrderedUuid(at)).toBe(true);
    expect(new Set(Array.from({ length: 10_000 }, () => timeOrderedUuid(at))).size).toBe(10_000);
  });
});
