/**
 * A path on this site that a redirect may follow (the sign-in page's `redirectTo`, a checkout's
 * return and cancel addresses), or null. It is judged the way a browser and whatever sits between
 * (a router, a proxy, a second redirect) may read it:
 * - no control characters and no backslashes, raw or percent-encoded: browsers drop tabs and
 *   newlines from URLs and read `\` as `/`, so `/<tab>/evil.example` or `/\evil.example` is `//evil.example`;
 * - every percent-decoding of it still starts with one slash (`/%2f/evil.example` is one decoding
 *   away from `//evil.example`) and resolves against an origin to that same origin.
 * The answer is the path as the URL parser normalises it (dot segments resolved, `%2e` included),
 * so a caller checking where it leads sees where it really leads.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let layer = value;
  for (let decodings = 0; ; decodings++) {
    if (!staysOnSite(layer)) return null;
    const decoded = percentDecodeBytes(layer);
    if (decoded === layer) break;
    // Encoding piled on encoding has no honest use in a path of ours.
    if (decodings === MAX_DECODINGS) return null;
    layer = decoded;
  }
  const url = new URL(value, PROBE_ORIGIN);
  return url.pathname + url.search + url.hash;
}

const PROBE_ORIGIN = 'https://sekolo.invalid';
const MAX_DECODINGS = 3;
/** A C0 control character (tab, CR and LF among them), DEL or a backslash. */
function hasForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function staysOnSite(candidate: string): boolean {
  if (hasForbiddenCharacter(candidate) || !candidate.startsWith('/') || candidate.startsWith('//')) return false;
  try {
    return new URL(candidate, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Decodes every `%XX` to the character of that byte and leaves anything else as it is, so a
 * malformed sequence elsewhere cannot hide an encoded `/`, `\` or control character (as
 * decodeURIComponent's all-or-nothing would). Non-ASCII text decodes to other characters than
 * UTF-8 would, which does not matter here: only ASCII can change where a URL leads.
 */
function percentDecodeBytes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
