import { paths } from '~/config/paths';

/**
 * Last-path restoration (spec 2.5): the last visited path lives in session storage (one per tab)
 * and visiting / sends the user back to it. Every access is guarded so that prerendering in Node
 * and browsers that block storage simply skip the feature.
 */

export const LAST_PATH_KEY = 'lastPath';

/**
 * The state of the sign-in's replacing navigation to / (spec 2.6): with no saved path to go back
 * to (a first sign-in, say a parent who has just chosen a password), SessionSync sends the user on
 * to /dashboard (their own) rather than leaving them on the marketing home page.
 */
export const SIGNED_IN_STATE = { signedIn: true } as const;

export function isSignedInState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedIn?: unknown }).signedIn === true;
}

/** Paths never saved: spec 2.5, plus single-use and status pages that make no sense to reopen. */
const NEVER_SAVED_PATHS: readonly string[] = [
  paths.notFound,
  paths.applicationSubmitted,
  paths.auth.unauthorized,
  paths.auth.forgotPassword,
  paths.auth.resetPassword,
];
const NEVER_SAVED_WORDS = ['error', 'login', 'register'];

/** Restored only when a session exists (spec 2.5, plus our own signed-in areas). */
const PROTECTED_SEGMENTS = [
  'dashboard',
  'profile',
  'settings',
  'payments',
  'verification',
  'console',
  'registration-steps',
];

export function isSavablePath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (NEVER_SAVED_PATHS.includes(pathname)) return false;
  const lower = path.toLowerCase();
  return !NEVER_SAVED_WORDS.some((word) => lower.includes(word));
}

export function isProtectedPath(path: string): boolean {
  const first = (path.split(/[?#]/)[0] ?? '').split('/')[1] ?? '';
  return PROTECTED_SEGMENTS.includes(first);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readLastPath(): string | null {
  try {
    return storage()?.getItem(LAST_PATH_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveLastPath(path: string): void {
  if (!isSavablePath(path)) return;
  try {
    storage()?.setItem(LAST_PATH_KEY, path);
  } catch {
    // Storage full or blocked: restoration is a convenience, never a reason to fail.
  }
}

export function clearLastPath(): void {
  try {
    storage()?.removeItem(LAST_PATH_KEY);
  } catch {
    // As above.
  }
}
