// The layer rules of docs/architecture.md, checked on every `npm test` (pnpm run layers). A layer may import
// the layers below it, never one above; the domain imports nothing of ours outside itself; no cycles.
// Type-only imports count too: a type from a higher layer is still a dependency on it.

const API = '^apps/api/src/';
/** The API's layers, lowest first. */
const LAYERS = [
  ['domain', 'domain/'],
  ['lib', 'lib/'],
  ['contract', '(contract|company-config)/'],
  ['db', 'db/'],
  ['adapters', '(payments|events|photos|accounts)/'],
  // What we send out (webhook bodies, e-mails, texts): use cases write them in the transaction of the change.
  ['messages', 'messages/'],
  ['use-cases', 'use-cases/'],
  // The API's answers: called from the route tables, never from a use case (which returns rows and cents).
  ['present', 'present/'],
  ['http', 'http/'],
  ['wiring', '(runtime|server|cli)/'],
];

const upward = LAYERS.slice(0, -1).map(([name, dir], i) => ({
  name: `${name}-imports-no-higher-layer`,
  comment: `${name} sits below ${LAYERS.slice(i + 1)
    .map(([n]) => n)
    .join(', ')}: it may not import them (docs/architecture.md)`,
  severity: 'error',
  from: { path: `${API}${dir}`, pathNot: '\\.test\\.ts$' },
  to: { path: LAYERS.slice(i + 1).map(([, d]) => `${API}${d}`) },
}));

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'The domain (rules, prices, dates, the session state machine) imports nothing of ours outside domain/',
      severity: 'error',
      from: { path: `${API}domain/`, pathNot: '\\.test\\.ts$' },
      to: { path: '^(apps|packages)/', pathNot: `${API}domain/` },
    },
    ...upward,
    {
      name: 'presenters-import-no-use-case',
      comment:
        'Presenters turn what a use case returned into the contract: they declare the shape they take and never import a use case, not even a type (docs/architecture.md)',
      severity: 'error',
      from: { path: `${API}present/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${API}use-cases/` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, in any package',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-stand-alone',
      comment: 'Published and shared packages never reach into an app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'sdk-imports-nothing-of-ours',
      comment: 'The SDK is published on npm: it depends on no other package of the workspace',
      severity: 'error',
      from: { path: '^packages/sdk/' },
      to: { path: '^(apps|packages)/', pathNot: '^packages/sdk/' },
    },
    {
      name: 'apps-talk-over-http',
      comment: 'The hosted pages and the console reach the API over HTTP (the SDK), never by importing its code',
      severity: 'error',
      from: { path: '^apps/(hosted|console)/' },
      to: { path: '^apps/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|/\\.next/|/test-results/|/generated/|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
