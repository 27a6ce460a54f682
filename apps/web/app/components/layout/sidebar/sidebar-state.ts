/** The sidebar's open state is kept in a cookie for 7 days (spec 2.4). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** Below this width the sidebar is a sheet (spec 2.4: mobile is below 768 px). */
export const SIDEBAR_MOBILE_QUERY = '(max-width: 767px)';

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** Open unless the cookie says 'false'. */
export function readSidebarOpen(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value !== 'false';
  }
  return true;
}

/** Ctrl+B, or Cmd+B on a Mac (spec 2.4). */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

export interface ISidebarItem {
  label: string;
  to: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Active only on this exact path (e.g. the dashboard's home). */
  end?: boolean;
  /** A live count beside the label (the unread messages). */
  Count?: React.ComponentType;
}
export interface ISidebarSection {
  label: string;
  items: readonly ISidebarItem[];
}

/** The menu search: items whose label contains the words typed; sections left empty disappear. */
export function filterSidebarSections(sections: readonly ISidebarSection[], query: string): ISidebarSection[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => words.every((word) => item.label.toLowerCase().includes(word))),
    }))
    .filter((section) => section.items.length > 0);
}
