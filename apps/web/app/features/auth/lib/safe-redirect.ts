/**
 * A `redirectTo` from the query string is only followed when it stays on this site: a single
 * leading slash, no scheme, no protocol-relative `//host`, no back-slash tricks.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const lower = value.toLowerCase();
  if (lower.startsWith('/login') || lower.startsWith('/register')) return null;
  return value;
}

export function loginPathFor(target: string): string {
  return `/login?redirectTo=${encodeURIComponent(target)}`;
}
