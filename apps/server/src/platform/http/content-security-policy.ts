import { createHash } from 'node:crypto';
import type { TConfig } from '../config/env.ts';

/**
 * The Content-Security-Policy of every answer, as a function of the inline scripts the answer may
 * run: none for the API and files, a built page's own (by SHA-256 hash, CSP level 2) for its HTML.
 * No 'unsafe-inline' for scripts: script injected into a page does not run, only the build's own.
 */
export function contentSecurityPolicy(config: Pick<TConfig, 'PAYMENT_PROVIDER' | 'PAYFAST_PROCESS_URL'>) {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'https:', 'data:']],
    // The PayFast checkout is a form the browser posts to PayFast.
    [
      'form-action',
      ["'self'", ...(config.PAYMENT_PROVIDER === 'payfast' ? [new URL(config.PAYFAST_PROCESS_URL).origin] : [])],
    ],
    ['frame-ancestors', ["'none'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    // Prerendered pages carry their CSS inline and components set style attributes.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['connect-src', ["'self'"]],
  ];
  return (scriptHashes: readonly string[] = []): string =>
    directives
      .map(([name, values]) => {
        const all = name === 'script-src' ? [...values, ...scriptHashes.map((hash) => `'${hash}'`)] : values;
        return `${name} ${all.join(' ')}`;
      })
      .join(';');
}

/**
 * `sha256-<base64>` of the text of every inline `<script>` of an HTML page (one without src), the
 * form a CSP script-src takes to let exactly that script run. The text is what the browser hashes:
 * everything between the tags, byte for byte as UTF-8 (a script's text is raw, nothing is decoded).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.add(
      `sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return [...hashes];
}
