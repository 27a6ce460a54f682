import { describe, expect, it } from 'vitest';
import { filterSidebarSections, isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state';

const Icon = () => null;

describe('sidebar state', () => {
  it('keeps the open state in a 7-day cookie', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
    expect(readSidebarOpen('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
    expect(readSidebarOpen('')).toBe(true);
  });

  it('toggles with Ctrl+B or Cmd+B only', () => {
    const key = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSidebarShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, key: 'B', ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut(key)).toBe(false);
    expect(isSidebarShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
  });

  it('filters the menu by label and drops empty sections', () => {
    const sections = [
      {
        label: 'Main',
        items: [
          { label: 'Students', to: '/s', icon: Icon },
          { label: 'Teachers', to: '/t', icon: Icon },
        ],
      },
      { label: 'Academic', items: [{ label: 'Student Assignments', to: '/a', icon: Icon }] },
      { label: 'Administration', items: [{ label: 'Finance', to: '/f', icon: Icon }] },
    ];
    expect(filterSidebarSections(sections, 'stud').map((s) => [s.label, s.items.map((i) => i.label)])).toEqual([
      ['Main', ['Students']],
      ['Academic', ['Student Assignments']],
    ]);
    expect(filterSidebarSections(sections, '  ')).toHaveLength(3);
    expect(filterSidebarSections(sections, 'zzz')).toEqual([]);
  });
});
