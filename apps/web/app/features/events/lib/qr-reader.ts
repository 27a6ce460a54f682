import jsQR from 'jsqr';

/** The pixels of one camera frame (a canvas's ImageData or the same shape). */
export type TFrame = { data: Uint8ClampedArray; width: number; height: number };

/** The text of a QR code in a frame, or null (jsQR, in pure JavaScript, for browsers without BarcodeDetector). */
export function decodeFrame(frame: TFrame): string | null {
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
  return found?.data ? found.data : null;
}

type TBarcodeDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type TBarcodeDetectorClass = {
  new (options: { formats: string[] }): TBarcodeDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's own QR reader where it has one (Chrome on Android, Safari), else null. */
export async function nativeQrDetector(): Promise<TBarcodeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: TBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}
