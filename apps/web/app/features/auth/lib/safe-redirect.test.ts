import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('follows paths on this site', () => {
    expect(safeRedirectPath('/dashboard/school')).toBe('/dashboard/school');
    expect(safeRedirectPath('/settings?tab=1#x')).toBe('/settings?tab=1#x');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'dashboard',
    '/login',
    '/register',
  ])('refuses %s', (value) => expect(safeRedirectPath(value)).toBeNull());

  it('builds the guard redirect with the target encoded', () => {
    expect(loginPathFor('/dashboard/school?x=1')).toBe('/login?redirectTo=%2Fdashboard%2Fschool%3Fx%3D1');
  });
});
