/**
 * A page of the web app made to paint as soon as its HTML has arrived, for the pages prerendered at
 * build time (apps/web/react-router.config.ts) and those the server renders on request (the
 * marketplace, listings, school pages: apps/server platform/http/web-app.ts) alike:
 * - its stylesheets' CSS goes into the page: each page has an empty `<style data-inline-css>`
 *   (root.tsx) that receives it, and the `<link rel="stylesheet">` stays in place (hydration finds
 *   it as the element <Links /> renders) but `disabled`, so it is neither loaded nor applied;
 * - its scripts start loading once the page has painted: the HTML carries all of the content, so
 *   the first paint needs none of them, and downloads racing it would only hold it up (on a slow
 *   phone, also in Lighthouse's model of one). The module preloads leave the HTML; the module
 *   script adds them back and imports the same modules after the first frame (deferModuleScripts).
 * Pure text in, text out: the caller reads the stylesheets (`readCss`, by their `/assets/...` path).
 */

export const INLINE_CSS_SLOT = '<style data-inline-css=""></style>';

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;
const SOURCE_MAP_COMMENT = /\/\*# sourceMappingURL=[^*]*\*\/\s*$/;

/** The page with its CSS inlined and its scripts deferred; a page without the CSS slot is left as it is. */
export function firstPaintHtml(html: string, readCss: (href: string) => string, { deferScripts = true } = {}): string {
  if (!html.includes(INLINE_CSS_SLOT)) return html;
  let css = '';
  const inlined = html.replace(STYLESHEET, (_tag, href: string) => {
    css += readCss(href).replace(SOURCE_MAP_COMMENT, '');
    return `<link rel="stylesheet" href="${href}" disabled=""/>`;
  });
  const style = `<style data-inline-css="">${css.replaceAll('</style', '<\\/style')}</style>`;
  const page = inlined.replace(INLINE_CSS_SLOT, () => style);
  return deferScripts ? deferModuleScripts(page) : page;
}

/** Module preloads started per task by the deferred module script (deferModuleScripts). */
const PRELOADS_PER_TASK = 4;

/**
 * React Router's module script (`import * as route0 from "..."; ...; window.__reactRouterManifest =
 * {...the page's routes}; window.__reactRouterRouteModules = {...}; import("entry.client")`, with an
 * `import "manifest"` first when the whole manifest is a file) as the same imports, made
 * after the first frame has painted; the `<link rel="modulepreload">`s move into it. A page whose
 * script does not have that shape is left as it is.
 */
export function deferModuleScripts(html: string): string {
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html);
  if (!script) return html;
  const body = script[1] ?? '';
  const sideEffects = [...body.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1]);
  const namespaces = [...body.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((match) => ({
    name: match[1],
    href: match[2],
  }));
  const rest = body
    .replace(/^import "[^"]+";$/gm, '')
    .replace(/^import \* as \w+ from "[^"]+";$/gm, '')
    .trim();
  if (namespaces.length === 0 || /^import\s|\bimport \* as\b/m.test(rest)) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]);
  const deferred = [
    'const start = async () => {',
    `  const preloads = ${JSON.stringify(preloads)};`,
    '  for (let i = 0; i < preloads.length; i++) {',
    // Starting a request costs the main thread a little: a few per task keep each task short.
    `    if (i > 0 && i % ${PRELOADS_PER_TASK} === 0) await new Promise((resolve) => setTimeout(resolve, 0));`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = preloads[i];',
    '    document.head.append(link);',
    '  }',
    ...(sideEffects.length > 0
      ? [`  await Promise.all([${sideEffects.map((href) => `import(${JSON.stringify(href)})`).join(', ')}]);`]
      : []),
    `  const [${namespaces.map((n) => n.name).join(', ')}] = await Promise.all([${namespaces.map((n) => `import(${JSON.stringify(n.href)})`).join(', ')}]);`,
    `  ${rest}`,
    '};',
    // After the first frame; a page that does not paint (a background tab) starts after a second.
    'let started = false;',
    'const go = () => { if (!started) { started = true; void start(); } };',
    'requestAnimationFrame(() => setTimeout(go, 0));',
    'setTimeout(go, 1000);',
  ].join('\n');
  return html
    .replace(script[0], () => `<script type="module" async="">${deferred}</script>`)
    .replaceAll(/<link rel="modulepreload" href="[^"]+"\/>/g, '');
}
