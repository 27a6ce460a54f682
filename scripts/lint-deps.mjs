#!/usr/bin/env node
// `npm run lint:deps`: the import rules of .dependency-cruiser.mjs (boundaries, no cycles) over apps/
// and packages/. It calls dependency-cruiser's API, not its CLI: the CLI refuses to start on Node 20,
// which the project supports (engines), and the API runs there.
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import config from '../.dependency-cruiser.mjs';

process.chdir(path.resolve(import.meta.dirname, '..'));
const { options, ...ruleSet } = config;
const result = await cruise(
  ['apps', 'packages'],
  { ...options, validate: true, ruleSet, outputType: 'err' },
  undefined,
  { tsConfig: extractTSConfig(options.tsConfig.fileName) },
);
process.stdout.write(String(result.output));
process.exit(result.exitCode === 0 ? 0 : 1);
