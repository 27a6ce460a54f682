import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { shapesMarkup } from './lucide-icon';

const require = createRequire(import.meta.url);
const ICONS_DIR = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/icons');

type TIconModule = {
  default: ComponentType<Record<string, unknown>>;
  __iconData: Parameters<typeof createLucideIcon>[0];
};
const loadIcon = (file: string) => import(/* @vite-ignore */ path.join(ICONS_DIR, file)) as Promise<TIconModule>;

/** Markup of lucide's own icon and of the same icon made by lib/lucide-icon.ts. */
async function bothMarkups(file: string, props: Record<string, unknown>) {
  const icon = await loadIcon(file);
  const ours = createLucideIcon(icon.__iconData);
  return {
    lucide: renderToStaticMarkup(createElement(icon.default, props)),
    ours: renderToStaticMarkup(createElement(ours, props)),
    displayNames: [icon.default.displayName, ours.displayName],
  };
}

describe('lucide icons in fewer fibers', () => {
  it('renders every lucide icon exactly as lucide does, so prerendered pages and hydration do not change', async () => {
    // Every icon module (a few are aliases that re-export another icon).
    const files = fs
      .readdirSync(ICONS_DIR)
      .filter(
        (file) => file.endsWith('.mjs') && fs.readFileSync(path.join(ICONS_DIR, file), 'utf8').includes('__iconData'),
      );
    expect(files.length).toBeGreaterThan(1000);
    const results = await Promise.all(
      files.map(async (file) => ({
        file,
        ...(await bothMarkups(file, { className: 'size-4 text-brand-700', 'aria-hidden': 'true' })),
      })),
    );
    for (const { file, lucide, ours, displayNames } of results) {
      expect(ours, file).toBe(lucide);
      expect(displayNames[1], file).toBe(displayNames[0]);
    }
  }, 120_000);

  it('keeps every prop lucide knows: size, stroke, colour, labels, children, non-scaling strokes', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { size: 16, strokeWidth: 1.5, color: 'red' },
      { width: 20, height: 12, absoluteStrokeWidth: true, size: 48 },
      { nonScalingStroke: true, className: 'a b a' },
      { 'aria-label': 'Close', role: 'img' },
      { children: createElement('title', null, 'Done') },
      { title: 'A "quoted" & <title>', 'data-x': "it's" },
    ];
    for (const file of ['circle-check.mjs', 'arrow-right.mjs', 'users.mjs', 'x.mjs', 'chart-column.mjs']) {
      for (const props of cases) {
        const { lucide, ours } = await bothMarkups(file, props);
        expect(ours, `${file} ${JSON.stringify(props)}`).toBe(lucide);
      }
    }
  });

  it('writes shapes as React writes elements, attribute values escaped', () => {
    expect(
      shapesMarkup([
        ['path', { d: 'M1 2"<>&\'', key: 'k' }],
        ['circle', { cx: 12, cy: '12', r: '10', vectorEffect: 'non-scaling-stroke' }],
      ]),
    ).toBe(
      '<path d="M1 2&quot;&lt;&gt;&amp;&#x27;"></path><circle cx="12" cy="12" r="10" vector-effect="non-scaling-stroke"></circle>',
    );
  });
});
