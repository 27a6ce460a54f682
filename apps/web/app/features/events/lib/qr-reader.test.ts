import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodeFrame } from './qr-reader';

/** A 640 × 480 RGBA frame like a camera's: grey surroundings, the code on white paper, slightly off-centre. */
function frameOf(text: string, { scale = 6, left = 170, top = 60 } = {}) {
  const width = 640;
  const height = 480;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([120, 124, 118, 255], i * 4);
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size + 8;
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      const dark = row >= 0 && col >= 0 && row < qr.modules.size && col < qr.modules.size && qr.modules.get(row, col);
      const value = dark ? 20 : 240;
      data.set([value, value, value, 255], ((top + y) * width + left + x) * 4);
    }
  return { data, width, height };
}

describe('the door’s QR decoder', () => {
  it('reads a ticket token from a camera-sized frame', () => {
    const token = '3f2b8c1e-5d4a-4e7b-9c2d-1a2b3c4d5e6f.AbCdEfGhIjKlMnOpQrStUv';
    expect(decodeFrame(frameOf(token))).toBe(token);
  });

  it('answers null for a frame without a code', () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    expect(decodeFrame(blank)).toBeNull();
  });
});
