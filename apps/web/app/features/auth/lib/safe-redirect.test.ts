import { describe, expect, it } from 'vitest';
import { paths } from '~/config/paths';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('follows paths on this site', () => {
    expect(safeRedirectPath('/dashboard/school')).toBe('/dashboard/school');
    expect(safeRedirectPath('/settings?tab=1#x')).toBe('/settings?tab=1#x');
    expect(safeRedirectPath('/learners?q=Thandi%20Nkosi')).toBe('/learners?q=Thandi%20Nkosi');
    expect(safeRedirectPath('/dashboard/./school/../parent')).toBe('/dashboard/parent');
  });

  // What reaches safeRedirectPath is the query parameter once URLSearchParams has decoded it, so
  // both the decoded spellings and ones still encoded (decoded again by something later) are here.
  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example',
    'javascript:alert(1)',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D/evil.example',
    '/%00/evil.example',
    '/%2f/evil.example',
    '/%2F/evil.example',
    '/%2fevil.example',
    '/%252f/evil.example',
    '/%2509/evil.example',
    '/login',
    '/LOGIN?x=1',
    '/register',
    '/dashboard/../login',
    '/%2e/login',
    '/x/%2e%2e/register',
  ])('refuses %j', (value) => expect(safeRedirectPath(value)).toBeNull());

  it('refuses the attack spellings as they arrive in a real sign-in link', () => {
    for (const query of [
      '?redirectTo=/%09/evil.example',
      '?redirectTo=%2F%252F%2Fevil.example',
      '?redirectTo=/%5C/evil.example',
    ]) {
      expect(safeRedirectPath(new URLSearchParams(query).get('redirectTo'))).toBeNull();
    }
  });

  it('builds the guard redirect with the target encoded', () => {
    expect(paths.auth.loginFor('/dashboard/school?x=1')).toBe('/login?redirectTo=%2Fdashboard%2Fschool%3Fx%3D1');
  });
});
