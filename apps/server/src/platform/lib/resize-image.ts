import sharp from 'sharp';

/**
 * Resizes a picture to fit a `size` px square (never enlarged), re-encoded as WebP: EXIF orientation
 * applied, every other piece of metadata (location, camera, colour profile) dropped. Throws when
 * the bytes are not a picture sharp can read.
 */
export async function resizeImage(
  bytes: Buffer,
  size: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** A picture re-encoded as PNG (for documents whose library draws only PNG and JPEG, such as pdf-lib). */
export async function toPng(bytes: Buffer | Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 50_000_000 }).png().toBuffer();
}
