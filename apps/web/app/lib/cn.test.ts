import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const APP_DIR = path.resolve(import.meta.dirname, '..');

/** Every class-like word in the app's string literals (class lists, and some other words too). */
function classesOfTheApp(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // Not cn.ts itself: its strings are its rules, not classes.
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.|^cn\.ts$/.test(entry.name)) files.push(file);
    }
  };
  walk(APP_DIR);
  const token = /^!?-?[a-z0-9@*][a-z0-9:[\]/.%#_(),=&>~+*-]*!?$/;
  const classes = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const words = (match[1] ?? match[2] ?? match[3] ?? '')
        .replace(/\$\{[^}]*\}/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      if (words.length === 0 || !words.every((word) => token.test(word))) continue;
      if (!words.some((word) => word.includes('-') || word.includes(':'))) continue;
      for (const word of words) classes.add(word);
    }
  }
  return [...classes];
}

describe('cn', () => {
  it('lets a class passed in win over the default it overrides', () => {
    expect(cn('inline-flex h-10 px-4 py-2 text-sm bg-brand-700', 'h-12 px-6 bg-red-600')).toBe(
      'inline-flex py-2 text-sm h-12 px-6 bg-red-600',
    );
    expect(cn('p-6', 'pt-0')).toBe('p-6 pt-0');
    expect(cn('px-4 py-2', 'p-0')).toBe('p-0');
    expect(cn('size-4', 'w-6')).toBe('size-4 w-6');
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6');
    expect(cn('text-sm leading-6', 'text-lg')).toBe('text-lg');
    expect(cn('text-sm text-slate-700', 'text-white')).toBe('text-sm text-white');
    expect(cn('border border-slate-200', 'border-2 border-red-400')).toBe('border-2 border-red-400');
    expect(cn('hover:bg-slate-50 bg-white', 'hover:bg-brand-50')).toBe('bg-white hover:bg-brand-50');
    expect(cn('sm:px-4', 'px-2')).toBe('sm:px-4 px-2');
    expect(cn('flex', 'hidden', false, undefined, 'sm:flex')).toBe('hidden sm:flex');
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full');
    expect(cn('focus-visible:outline-none', 'focus-visible:outline-2')).toBe(
      'focus-visible:outline-none focus-visible:outline-2',
    );
  });

  it('keeps classes it does not know, in order', () => {
    expect(mergeClasses('group peer sekolo-card group')).toBe('group peer sekolo-card group');
  });

  it('merges every pair of the app’s classes as tailwind-merge does', () => {
    const classes = classesOfTheApp();
    expect(classes.length).toBeGreaterThan(500);
    const different: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        if (first === second) continue;
        const list = `${first} ${second}`;
        const ours = mergeClasses(list);
        const theirs = twMerge(list);
        if (ours !== theirs) different.push(`${list} → ${ours} (tailwind-merge: ${theirs})`);
      }
    }
    expect(different.slice(0, 40)).toEqual([]);
  }, 120_000);
});
