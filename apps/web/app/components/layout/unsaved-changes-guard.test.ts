import { describe, expect, it } from 'vitest';
import type { Location } from 'react-router';
import { SIGNED_OUT_STATE } from '~/lib/signed-out-state';
import { confirmLeavingForms, holdUnsavedForm } from '~/lib/unsaved-forms';
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

describe('confirmLeavingForms (the sign-out asks the forms with unsaved changes)', () => {
  it('lets the sign-out go when no form holds changes, or when each is left', async () => {
    expect(await confirmLeavingForms()).toBe(true);
    const asked: string[] = [];
    const release = [
      holdUnsavedForm(async () => (asked.push('register'), true)),
      holdUnsavedForm(async () => (asked.push('learner'), true)),
    ];
    expect(await confirmLeavingForms()).toBe(true);
    expect(asked).toEqual(['register', 'learner']);
    for (const r of release) r();
  });

  it('stops at the first form the user keeps editing, and forgets a form once it is saved', async () => {
    const asked: string[] = [];
    const keep = holdUnsavedForm(async () => (asked.push('register'), false));
    const other = holdUnsavedForm(async () => (asked.push('learner'), true));
    expect(await confirmLeavingForms()).toBe(false);
    expect(asked).toEqual(['register']);
    keep();
    other();
    expect(await confirmLeavingForms()).toBe(true);
    expect(asked).toEqual(['register']);
  });
});
