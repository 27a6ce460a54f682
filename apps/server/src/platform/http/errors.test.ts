import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

describe('isUniqueViolation', () => {
  it("finds PostgreSQL's 23505 on the error or on an error it wraps", () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(true);
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const wrapped = new Error('Failed query', { cause: new Error('again', { cause: driver }) });
    expect(isUniqueViolation(wrapped)).toBe(true);
  });

  it('is false for other errors, for values that are not errors, and ends on a cycle of causes', () => {
    expect(isUniqueViolation(Object.assign(new Error('foreign key'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    const a: Error & { cause?: unknown } = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isUniqueViolation(a)).toBe(false);
  });
});
