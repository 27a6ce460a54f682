import fs from 'node:fs';
import path from 'node:path';

/**
 * The 10 000 most common passwords (data/common-passwords.txt, extracted by
 * scripts/extract-common-passwords.mjs), compared without regard to case: 'Password' is as weak
 * as 'password'. Loaded once, on first use.
 */
let commonPasswords: Set<string> | undefined;

function load(): Set<string> {
  const file = path.join(import.meta.dirname, 'data/common-passwords.txt');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return new Set(lines.map((line) => line.trim().toLowerCase()).filter(Boolean));
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= load();
  return commonPasswords.has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  commonPasswords ??= load();
  return commonPasswords.size;
}
