import { fileTypeFromBuffer } from 'file-type';

/**
 * The type of a file as its bytes say (magic numbers via `file-type`), never its name or the
 * browser's claim. Answers the MIME type when it is one of `allowed`, else null (unknown content,
 * text, executables, archives and anything else not listed).
 */
export async function detectAllowedContentType<T extends string>(
  bytes: Uint8Array,
  allowed: readonly T[],
): Promise<T | null> {
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  return (allowed as readonly string[]).includes(detected.mime) ? (detected.mime as T) : null;
}
