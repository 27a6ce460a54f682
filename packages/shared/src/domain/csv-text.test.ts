import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './csv-text.ts';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('decodeCsvBytes', () => {
  it('reads a Windows-1252 file (Excel’s “CSV (Comma delimited)”) without losing é, ë and ô', () => {
    // "Renée,Gouws\r\nZoë,Môller" as Windows-1252 writes it: é E9, ë EB, ô F4, one byte each.
    const bytes = new Uint8Array([
      ...ascii('Ren'),
      0xe9,
      ...ascii('e,Gouws\r\nZo'),
      0xeb,
      ...ascii(',M'),
      0xf4,
      ...ascii('ller'),
    ]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'Renée,Gouws\r\nZoë,Môller', encoding: 'windows-1252' });
    // What File.text() made of it: the letters lost.
    expect(new TextDecoder().decode(bytes)).toContain('\uFFFD');
  });

  it('reads UTF-8 with or without a byte order mark, and drops the mark', () => {
    const utf8 = new TextEncoder().encode('Renée,Gouws');
    expect(decodeCsvBytes(utf8)).toEqual({ text: 'Renée,Gouws', encoding: 'utf-8' });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text).toBe('Renée,Gouws');
    expect(decodeCsvBytes(utf8.buffer as ArrayBuffer).text).toBe('Renée,Gouws');
  });

  it('reads UTF-16 by its byte order mark', () => {
    const le = new Uint8Array([0xff, 0xfe, ...[...'Zoë'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeCsvBytes(le)).toEqual({ text: 'Zoë', encoding: 'utf-16le' });
  });
});
