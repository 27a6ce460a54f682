// `npm run lint:deps`: the architecture's boundaries (DESIGN.md, "The server as rooms"), checked on
// every import of apps/ and packages/, type-only imports included.
const SERVER = '^apps/server/src/';
const COMPOSITION_ROOT = `${SERVER}(app|server|main|cluster|register-modules)\\.ts$|${SERVER}(seed|cli)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, in the server, the web app or shared: each file can be read bottom-up.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'platform/ is the infrastructure every module stands on: it imports no module and not the composition ' +
        'root. A module that platform needs to call registers a hook with it at start.',
      from: { path: `${SERVER}platform/` },
      to: { path: [`${SERVER}modules/`, COMPOSITION_ROOT] },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment: "A module imports another module only through that module's index.ts, its one public door.",
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-not-composition-root',
      severity: 'error',
      comment: 'A module never imports the composition root (app.ts, server.ts, seed, cli) that assembles it.',
      from: { path: `${SERVER}modules/` },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is used by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-components-not-features',
      severity: 'error',
      comment: 'Web components are the lowest layer: they never import a feature or a route module.',
      from: { path: '^apps/web/app/components/' },
      to: { path: '^apps/web/app/(features|routes)/' },
    },
  ],
  options: {
    includeOnly: '^(apps|packages)/',
    exclude: {
      path: '(^|/)(node_modules|build|build-[^/]*|dist|\\.react-router|test-results)/',
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // The web app's tsconfig: its `paths` resolve `~/`; @sekolo/shared/* resolves through the
    // workspace package's exports.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
