// The house's boundaries, held by `npm run lint:imports` (docs/decisions/0016-the-house.md).
// Paths are resolved (tsconfig's `@/` paths included), so a relative `../../cart/…` is caught as
// surely as an `@/features/cart/…`.
/**
 * Test code: tests, their fixtures and kits. It may reach for the shared helpers in tests/, and a
 * server test may start the sandbox (the BFF's tests run against it) or read what the SPA expects.
 */
const TEST_CODE = '(\\.test\\.|\\.fixtures\\.|/testing[./]|test-kit|test-support)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: modules that need each other load in an order nobody chose.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature: what two screens share lives in src/order, src/products, ' +
        'src/session, src/components, src/lib or src/contract.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      comment: 'The app (routes, shell) composes the features; a feature never reaches back into it.',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-to-features-or-app',
      severity: 'error',
      comment: 'The shared parts (order, products, session, components, lib, contract) serve every screen.',
      from: { path: '^src/(order|products|session|components|lib|contract)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'products-to-order',
      severity: 'error',
      comment: 'The catalogue reads know nothing of the order; the order may look its products up.',
      from: { path: '^src/(products|session|components|lib|contract)/' },
      to: { path: '^src/order/' },
    },
    {
      name: 'contract-alone',
      severity: 'error',
      comment: 'The contract is shared with the server: it imports nothing of the SPA.',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'server-to-spa',
      severity: 'error',
      comment: 'The server (BFF and sandbox) shares only the contract with the SPA.',
      from: { path: '^server/', pathNot: TEST_CODE },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'spa-to-server',
      severity: 'error',
      comment: 'The SPA runs in the browser: it never imports the server.',
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { path: '^server/' },
    },
    {
      name: 'bff-to-sandbox',
      severity: 'error',
      comment: 'The BFF forwards to whatever commerce backend it is given; it never imports the sandbox.',
      from: { path: '^server/bff/', pathNot: TEST_CODE },
      to: { path: '^server/sandbox/' },
    },
    {
      name: 'sandbox-db-to-seed',
      severity: 'error',
      comment: "The sandbox database opens and migrates; seeding it is seed/'s job, never the other way.",
      from: { path: '^server/sandbox/db/' },
      to: { path: '^server/sandbox/seed/' },
    },
    {
      name: 'app-code-to-tests',
      severity: 'error',
      comment: 'Test helpers stay out of what ships.',
      from: { path: '^(src|server)/', pathNot: TEST_CODE },
      to: { path: '^tests/' },
    },
  ],
  options: {
    includeOnly: '^(src|server|scripts|e2e|tests|build)/',
    // The lint's own fixtures break the rules on purpose (scripts/lint-imports.test.ts).
    exclude: { path: '^(tests/fixtures/|node_modules/|dist|coverage/|test-results/)' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle through types still ties two modules together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
