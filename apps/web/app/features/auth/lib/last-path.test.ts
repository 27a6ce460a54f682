import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLastPath, isProtectedPath, isSavablePath, LAST_PATH_KEY, readLastPath, saveLastPath } from './last-path';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe('which paths are remembered (spec 2.5)', () => {
  it.each([
    '/not-found',
    '/application-submitted',
    '/login',
    '/login?reset=true',
    '/register',
    '/error',
    '/x?error=INVALID_TOKEN',
  ])('never saves %s', (path) => expect(isSavablePath(path)).toBe(false));

  it.each(['/', '/pricing', '/features#funding', '/dashboard/school', '/registration-steps', '/profile'])(
    'saves %s',
    (path) => expect(isSavablePath(path)).toBe(true),
  );

  it('treats the signed-in areas as protected, public pages not', () => {
    for (const path of [
      '/dashboard/customer',
      '/profile',
      '/settings',
      '/payments',
      '/verification?from=link',
      '/console',
    ]) {
      expect(isProtectedPath(path)).toBe(true);
    }
    for (const path of ['/', '/pricing', '/marketplace#supplies', '/dashboards-are-not-a-page']) {
      expect(isProtectedPath(path)).toBe(false);
    }
  });
});

describe('session storage', () => {
  const globals = globalThis as { window?: unknown };
  let storage: MemoryStorage;

  beforeEach(() => {
    storage = new MemoryStorage();
    globals.window = { sessionStorage: storage };
  });
  afterEach(() => {
    delete globals.window;
  });

  it('keeps the last savable path and forgets it on clear', () => {
    saveLastPath('/pricing');
    saveLastPath('/login');
    expect(readLastPath()).toBe('/pricing');
    expect(storage.getItem(LAST_PATH_KEY)).toBe('/pricing');
    clearLastPath();
    expect(readLastPath()).toBeNull();
  });

  it('does nothing without a window (prerendering)', () => {
    delete globals.window;
    expect(() => saveLastPath('/pricing')).not.toThrow();
    expect(readLastPath()).toBeNull();
  });
});
