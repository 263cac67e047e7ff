// The unused-code check of `npm run lint` (`knip`): it fails on a file nothing imports, an export or
// a type nothing imports, and a package nothing uses (or one used and not declared). Its plugins read
// the layout from the tools' own configs: Vite (index.html → src/main.tsx), vitest's projects, the
// playwright specs in e2e/, biome, dependency-cruiser, and tsconfig's `@/`, `@server/` and `@tests/`.
// scripts/lint-unused.test.ts shows it failing on a fixture.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // What runs without being imported: package.json's scripts start these through `exec`, which knip
  // does not read; the test BFF is spawned by path (tests/spawn-bff-process.ts); the bench's helpers
  // are bundled by esbuild from scripts/bench/bff/bundle.ts's list.
  entry: [
    // TODO(issue 39 merge): the server's root files move in another part of issue 39; follow them here.
    'server/start.ts',
    'scripts/start.mjs',
    'tests/bff-process.ts',
    'scripts/bench/bff/{bare-proxy,stub-backend,load}.ts',
  ],
  project: ['src/**', 'server/**', 'scripts/**', 'tests/**', 'e2e/**', 'build/**', '*.config.ts'],
  // Projects that break the rules on purpose, for the lint's own tests.
  ignore: ['tests/fixtures/**'],
  // A system tool (util-linux), not a package: the bench pins its processes to cores with it.
  ignoreBinaries: ['taskset'],
  // Font files, not code: playwright.config.ts points the test browser's fontconfig at them by path.
  ignoreDependencies: ['@expo-google-fonts/roboto'],
  // Dead code is what nothing uses: an export its own file uses is alive, only wider than it needs.
  ignoreExportsUsedInFile: true,
  // A stale ignore above (a package since removed, a path since moved) fails the check too.
  treatConfigHintsAsErrors: true,
  ignoreIssues: {
    // The sandbox is being reorganised in another part of issue 39; its dead exports go there.
    // TODO(issue 39 merge): paysWithPixCharge.
    'server/sandbox/payment/pix-charges.ts': ['exports'],
    // TODO(issue 39 merge): mercadoPagoPaymentRules.
    'server/sandbox/seed/payment.ts': ['exports'],
    // TODO(issue 39 merge): findShopRules.
    'server/sandbox/shop/shops.ts': ['exports'],
    // TODO(issue 39 merge): SHOP_ID and SHOP_SLUG, one value exported under two names.
    'server/sandbox/seed/shop.ts': ['duplicates'],
  },
};

export default config;
