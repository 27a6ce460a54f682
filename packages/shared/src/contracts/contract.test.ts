import { describe, expect, it } from 'vitest';
import { pathOf, searchOf } from './contract.ts';

describe('a contract path and query', () => {
  it('fills each :name segment, encoded, and refuses a missing one', () => {
    const c = { path: '/api/school/classes/:classId/register/:date' } as const;
    expect(pathOf(c, { classId: 'a b/c', date: '2026-12-02' })).toBe(
      '/api/school/classes/a%20b%2Fc/register/2026-12-02',
    );
    expect(() => pathOf(c, { classId: 'x' })).toThrow('Missing path parameter date');
  });

  it('writes a query without the values left unset, repeating a list', () => {
    expect(searchOf({ q: 'Nomsa Dlamini', grade: undefined, page: 2, ids: ['a', 'b'], none: null })).toBe(
      '?q=Nomsa+Dlamini&page=2&ids=a&ids=b',
    );
    expect(searchOf({ grade: undefined })).toBe('');
    expect(searchOf()).toBe('');
  });
});
