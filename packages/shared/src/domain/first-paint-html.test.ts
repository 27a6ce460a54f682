import { describe, expect, it } from 'vitest';
import { deferModuleScripts, firstPaintHtml, INLINE_CSS_SLOT } from './first-paint-html';

// The shape React Router renders: preloads in <head>, the stylesheet link, the root's empty style
// slot, and the module script that imports the route modules and starts the app.
const page = [
  '<!DOCTYPE html><html lang="en-ZA"><head>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/>',
  INLINE_CSS_SLOT,
  '</head><body><h1>Scientific calculator</h1>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">import "/assets/manifest-D.js";',
  'import * as route0 from "/assets/root-B.js";',
  'import * as route1 from "/assets/listing-E.js";',
  'window.__reactRouterRouteModules = {"root": route0, "routes/listing": route1};',
  'import("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('\n');

const css: Record<string, string> = {
  '/assets/root-C.css': '.bg-white{background-color:#fff}\n/*# sourceMappingURL=root-C.css.map */\n',
};
const readCss = (href: string) => css[href]!;

describe('a page made to paint with its HTML', () => {
  it('carries its CSS in the page, the stylesheet link kept for hydration but switched off', () => {
    const html = firstPaintHtml(page, readCss);
    expect(html).toContain('<style data-inline-css="">.bg-white{background-color:#fff}\n</style>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-C.css" disabled=""/>');
    expect(html).not.toContain('sourceMappingURL');
  });

  it('starts its scripts after the first frame: the same imports, the preloads added from the script', () => {
    const html = firstPaintHtml(page, readCss);
    expect(html).not.toContain('<link rel="modulepreload"');
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(script).toContain('await Promise.all([import("/assets/manifest-D.js")]);');
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/listing-E.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root": route0, "routes/listing": route1};');
    expect(script).toContain('requestAnimationFrame(() => setTimeout(go, 0));');
    // The other inline scripts and the content are as they were.
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(html).toContain('<h1>Scientific calculator</h1>');
  });

  it('keeps the scripts as they are when asked to, or when the module script has another shape', () => {
    const cssOnly = firstPaintHtml(page, readCss, { deferScripts: false });
    expect(cssOnly).toContain('<link rel="modulepreload" href="/assets/root-B.js"/>');
    expect(cssOnly).toContain('import * as route0 from "/assets/root-B.js";');
    const other = page.replace('import * as route1 from "/assets/listing-E.js";', 'import { x } from "/assets/x.js";');
    expect(deferModuleScripts(other)).toBe(other);
  });

  it('leaves a page without the style slot alone, and reads no stylesheet outside the build’s assets', () => {
    const plain = '<html><head><link rel="stylesheet" href="/assets/root-C.css"/></head></html>';
    expect(firstPaintHtml(plain, readCss)).toBe(plain);
    const outside = page.replace('/assets/root-C.css', '/assets/../secrets.css');
    const read: string[] = [];
    firstPaintHtml(outside, (href) => (read.push(href), ''));
    expect(read).toEqual([]);
  });
});
