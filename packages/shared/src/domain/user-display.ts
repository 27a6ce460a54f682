/** How a signed-in user is shown in the user menu and avatar (spec 2.4). */

const DEFAULT_ROLE_LABEL = 'School Administrator';

/** 'school_admin' or no role → 'School Administrator'; otherwise 'business_partner' → 'Business Partner'. */
export function roleLabel(role?: string | null): string {
  const trimmed = role?.trim();
  if (!trimmed || trimmed === 'school_admin') return DEFAULT_ROLE_LABEL;
  return trimmed
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(^|\s)(\S)/g, (_match, space: string, letter: string) => space + letter.toUpperCase());
}

export interface IInitialsSource {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First character by code point, so names starting with an astral character are not split. */
function firstChar(word: string): string {
  return Array.from(word)[0] ?? '';
}

/**
 * Avatar initials, in the spec's order of preference:
 * the full name's first two words, else first and last name, else the first two characters of the
 * e-mail's part before '@', else 'U'. A one-word full name gives one initial, as in the spec.
 */
export function initials({ fullName, firstName, lastName, email }: IInitialsSource): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words.slice(0, 2).map(firstChar).join('').toUpperCase();
  }

  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) {
    return (firstChar(first) + firstChar(last)).toUpperCase();
  }

  const prefix = (email ?? '').trim().split('@')[0] ?? '';
  if (prefix) {
    return Array.from(prefix).slice(0, 2).join('').toUpperCase();
  }

  return 'U';
}
