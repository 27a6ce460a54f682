/**
 * The text of a CSV file from its bytes. Excel's "CSV UTF-8" writes UTF-8 with a byte order mark;
 * its plain "CSV (Comma delimited)" writes the Windows code page, which in South Africa is
 * Windows-1252: "Renée" is then the bytes 52 65 6E E9 65, not valid UTF-8, and reading them as
 * UTF-8 (what File.text() does) turns é into U+FFFD for good. So: UTF-16 when the file starts with
 * its byte order mark, UTF-8 (BOM or not) when the bytes are valid UTF-8, else Windows-1252 (which
 * decodes any byte). `TextDecoder` does all three in browsers and in Node.
 */
export type TCsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function decodeCsvBytes(input: ArrayBuffer | Uint8Array): { text: string; encoding: TCsvEncoding } {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    // fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. The BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
