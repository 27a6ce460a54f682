import { describe, expect, it } from 'vitest';
import { sameSitePath } from './site-path';

describe('sameSitePath', () => {
  it.each([
    ['/dashboard/school', '/dashboard/school'],
    ['/settings?tab=1#x', '/settings?tab=1#x'],
    ['/payment-success?kind=basket', '/payment-success?kind=basket'],
    ['/learners?q=Nkosi%20Thandi', '/learners?q=Nkosi%20Thandi'],
    ['/search?q=100%25', '/search?q=100%25'],
    ['/a%2F%2Fb', '/a%2F%2Fb'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/a/./b/../c', '/a/c'],
    ['/x/%2e%2e/dashboard', '/dashboard'],
  ])('follows %s as %s', (value, path) => expect(sameSitePath(value)).toBe(path));

  it.each([
    // Not a path at all.
    [null],
    [undefined],
    [42],
    [''],
    ['dashboard'],
    ['https://evil.example'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    [' /dashboard'],
    // Protocol-relative, spelled every way a browser or a decoder turns into //host.
    ['//evil.example'],
    ['///evil.example'],
    ['/%2fevil.example'],
    ['/%2f/evil.example'],
    ['/%2F/evil.example'],
    ['/%252f/evil.example'],
    ['/%25252f%25252fevil.example'],
    ['%2f%2fevil.example'],
    // Backslashes, raw or encoded (browsers read \ as /).
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    ['/%5cevil.example'],
    ['/%5C%5Cevil.example'],
    ['/%255cevil.example'],
    // Tabs, newlines and other control characters, raw or encoded (browsers drop tab and newline).
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['/%0D%0A/evil.example'],
    ['/%00/evil.example'],
    ['/%7f/evil.example'],
    ['/%2509/evil.example'],
    ['/dashboard%0d%0aSet-Cookie:x=1'],
    // Encoding piled up past any honest use.
    ['/%2525252525252f'],
  ])('refuses %j', (value) => expect(sameSitePath(value)).toBeNull());
});
