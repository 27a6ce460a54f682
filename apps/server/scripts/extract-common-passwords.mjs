#!/usr/bin/env node
// Writes the 10 000 most common passwords to src/modules/auth/data/common-passwords.txt, from the
// frequency-ordered list of @zxcvbn-ts/language-common (built from leaked-password corpora). The
// data file is committed, so the server never depends on this package's internals at run time.
// Run again after upgrading the package: node apps/server/scripts/extract-common-passwords.mjs
import fs from 'node:fs';
import path from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';

const COUNT = 10_000;
const list = dictionary['passwords-common'];
if (!Array.isArray(list) || list.length < COUNT) {
  console.error(`Expected at least ${COUNT} passwords in @zxcvbn-ts/language-common, found ${list?.length ?? 0}.`);
  process.exit(1);
}

const seen = new Set();
const top = [];
for (const entry of list) {
  const password = String(entry).toLowerCase();
  if (seen.has(password)) continue;
  seen.add(password);
  top.push(password);
  if (top.length === COUNT) break;
}

const target = path.resolve(import.meta.dirname, '../src/modules/auth/data/common-passwords.txt');
fs.writeFileSync(target, top.join('\n') + '\n');
console.log(`Wrote ${top.length} passwords to ${path.relative(process.cwd(), target)}`);
