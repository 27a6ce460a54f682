import { describe, expect, it } from 'vitest';
import type { Location } from 'react-router';
import { SIGNED_OUT_STATE } from '~/features/auth/hooks/use-logout';
import { leavesForm } from './unsaved-changes-guard';

const at = (pathname: string, search = '', state: unknown = null): Location => ({
  pathname,
  search,
  hash: '',
  state,
  key: 'k',
});

describe('leavesForm', () => {
  const register = at('/dashboard/school/attendance', '?class=a&date=2026-11-27');

  it('asks before another page or another class or date of the same page', () => {
    expect(leavesForm(register, at('/dashboard/school/students'))).toBe(true);
    expect(leavesForm(register, at('/dashboard/school/attendance', '?class=b&date=2026-11-27'))).toBe(true);
  });

  it('lets a move to the same address go (a hash, a state) and the move after a sign-out', () => {
    expect(leavesForm(register, { ...register, hash: '#dashboard-content' })).toBe(false);
    expect(leavesForm(register, at('/login', '?reset=true', SIGNED_OUT_STATE))).toBe(false);
  });
});
