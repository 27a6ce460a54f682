import QRCode from 'qrcode';

/**
 * A ticket's QR code: medium error correction and a quiet zone of four modules, so a phone camera
 * reads it from a screen or from paper.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** An SVG document, shown on the ticket page. */
export function qrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { ...OPTIONS, type: 'svg' });
}

/** A PNG as a data URL (about 300 px), for the confirmation e-mail. */
export function qrPngDataUrl(token: string): Promise<string> {
  return QRCode.toDataURL(token, { ...OPTIONS, type: 'image/png', width: 300 });
}
