/**
 * The uploader's file name, made safe to keep and show: no folders, no control or bidi-override
 * characters, at most 255 characters (extension kept). Never used as a storage path.
 */
export function cleanFileName(raw: string | undefined | null): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters, and bidi overrides that make "gpj.exe" read as "exe.jpg".
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}

const EXTENSION_FOR: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

/**
 * A Content-Disposition header for a stored file: an ASCII fallback name plus the exact name
 * (RFC 6266 / 5987). The extension matches the real type, so a download opens with the right program.
 */
export function contentDisposition(name: string, mimeType: string, disposition: 'inline' | 'attachment'): string {
  const wanted = EXTENSION_FOR[mimeType] ?? '';
  const hasExtension = wanted && (name.toLowerCase().endsWith(wanted) || (wanted === '.jpg' && /\.jpe?g$/i.test(name)));
  const full = hasExtension ? name : `${name}${wanted}`;
  const ascii =
    full
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;%]/g, '_')
      .replace(/\s+/g, ' ')
      .trim() || `file${wanted}`;
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
