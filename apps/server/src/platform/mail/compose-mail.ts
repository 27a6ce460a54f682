/**
 * Plain text plus simple HTML for a transactional mail, from one description, so both parts say
 * the same. Everything interpolated into the HTML is escaped: mails repeat what visitors typed.
 */

export type TMailContent = {
  /** First line, e.g. 'Hello Thandi,'. */
  greeting?: string;
  paragraphs: string[];
  /** A label/value table, e.g. the booking details. */
  details?: [label: string, value: string][];
  /** Links shown as buttons in HTML and as bare URLs in text (so any mail client can open them). */
  actions?: { label: string; url: string }[];
  /** Small print at the end, e.g. why the reader got this mail. */
  footer?: string[];
  /** Links in the small print, e.g. Unsubscribe. */
  footerLinks?: { label: string; url: string }[];
  /** Images shown after the details in HTML (e.g. a ticket's QR code as a data URL), each with its caption. */
  images?: { src: string; alt: string; caption?: string }[];
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const SIGNATURE = 'The Sekolo team';

export function composeMail(content: TMailContent): { text: string; html: string } {
  const text: string[] = [];
  if (content.greeting) text.push(content.greeting, '');
  for (const paragraph of content.paragraphs) text.push(paragraph, '');
  if (content.details?.length) {
    for (const [label, value] of content.details) text.push(`${label}: ${value}`);
    text.push('');
  }
  for (const action of content.actions ?? []) text.push(`${action.label}:`, action.url, '');
  text.push(SIGNATURE);
  const footerLinks = content.footerLinks ?? [];
  if (content.footer?.length || footerLinks.length) {
    text.push('', '--', ...(content.footer ?? []), ...footerLinks.map((link) => `${link.label}: ${link.url}`));
  }

  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">',
    '<p style="margin:0 0 16px;font-weight:bold;color:#0f766e;font-size:18px">Sekolo</p>',
    content.greeting ? p(content.greeting) : '',
    ...content.paragraphs.map(p),
    content.details?.length
      ? `<table style="border-collapse:collapse;margin:0 0 16px">${content.details
          .map(
            ([label, value]) =>
              `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    ...(content.images ?? []).map(
      (image) =>
        `<p style="margin:0 0 16px;text-align:center"><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="240" height="240" style="display:block;margin:0 auto;width:240px;height:240px;background:#ffffff">${image.caption ? `<br><span style="font-size:14px">${escapeHtml(image.caption)}</span>` : ''}</p>`,
    ),
    ...(content.actions ?? []).map(
      (action) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(action.label)}</a><br><span style="font-size:12px;color:#64748b">${escapeHtml(action.url)}</span></p>`,
    ),
    p(SIGNATURE),
    content.footer?.length || footerLinks.length
      ? `<hr style="border:none;border-top:1px solid #e2e8f0;margin:16px 0"><p style="margin:0;font-size:12px;color:#64748b">${[
          ...(content.footer ?? []).map(escapeHtml),
          ...footerLinks.map(
            (link) => `<a href="${escapeHtml(link.url)}" style="color:#0f766e">${escapeHtml(link.label)}</a>`,
          ),
        ].join('<br>')}</p>`
      : '',
    '</div></body></html>',
  ].join('');

  return { text: text.join('\n'), html };
}
