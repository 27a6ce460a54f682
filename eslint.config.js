import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import path from 'node:path';

const featuresRoot = path.resolve('apps/web/app/features');
const LAYERS = [
  { from: path.resolve('packages/shared'), forbidden: [path.resolve('apps')], names: ['@sekolo/web', '@sekolo/server'], why: 'packages/shared imports neither app' },
  { from: path.resolve('apps/web'), forbidden: [path.resolve('apps/server')], names: ['@sekolo/server'], why: 'the web app talks to the server over HTTP only' },
  { from: path.resolve('apps/server'), forbidden: [path.resolve('apps/web')], names: ['@sekolo/web'], why: 'the server never imports the web app' },
];

/** DESIGN.md: data flows one way; shared imports neither app, the apps never import each other. */
const layerBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const layer = LAYERS.find((l) => file.startsWith(l.from + path.sep));
    if (!layer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const abs = source.startsWith('.') ? path.resolve(path.dirname(file), source) : null;
      if (layer.names.some((n) => source === n || source.startsWith(n + '/')) || (abs && layer.forbidden.some((f) => abs.startsWith(f + path.sep)))) {
        context.report({ node, message: `Import across layers: ${layer.why}.` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** A web feature is a room (DESIGN.md rule 1): it never imports from another feature. */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const own = path.relative(featuresRoot, file).split(path.sep)[0];
    if (file.startsWith(featuresRoot) === false || !own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('~/features/')) target = source.slice('~/features/'.length).split('/')[0];
      else if (source.startsWith('.')) {
        const abs = path.resolve(path.dirname(file), source);
        if (abs.startsWith(featuresRoot + path.sep)) target = path.relative(featuresRoot, abs).split(path.sep)[0];
      }
      if (target && target !== own) {
        context.report({ node, message: `Feature "${own}" imports feature "${target}": share through components/, lib/ or @sekolo/shared instead.` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', 'apps/web/build-*/**', 'bench-results/**', '**/dist/**', '**/.react-router/**', '**/test-results/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { sekolo: { rules: { 'feature-boundaries': featureBoundaries, 'layer-boundaries': layerBoundaries } } },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'sekolo/feature-boundaries': 'error',
      'sekolo/layer-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // DESIGN.md: shared imports neither app; the apps never import each other; no feature imports another.
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
