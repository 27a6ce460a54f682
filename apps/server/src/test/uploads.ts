import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * Sample files for the upload tests: small but real enough for `file-type` to recognise (or, for
 * the impostors, to refuse) by content.
 */
export const SAMPLE = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
    Buffer.from([0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0x00, 0x00, 0x00]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(18),
  ]),
  /** A Windows executable ("MZ" header and a PE signature): what a renamed .exe looks like. */
  exe: (() => {
    const bytes = Buffer.alloc(512);
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    return bytes;
  })(),
  text: Buffer.from('Just some notes, renamed to look like a picture.\n'),
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};

/** A file `size` bytes long that starts like a PNG (for the size limits). */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  SAMPLE.png.copy(bytes);
  return bytes;
}

/** A multipart/form-data body like a browser's FormData: text fields first, then the file. */
export function multipartBody(
  file: { name: string; type: string; bytes: Buffer; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----sekolo-uploads-test';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A local S3-compatible server (s3rver) on loopback with one bucket (it checks the access key id). */
export async function startLocalS3(bucket = 'sekolo-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    directory,
    endpoint: `http://127.0.0.1:${port}`,
    /** s3rver's fixed test credentials. */
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
