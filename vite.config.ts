import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { axiosFetchOnly } from './build/axios-fetch-only.ts';
import { chunkPackages } from './build/chunk-packages.ts';
import { landingChunks } from './build/landing-chunks.ts';
import { preloadApp } from './build/preload-app.ts';
import { writeFingerprint } from './server/build-state.ts';

export default defineConfig({
  // `@/`, `@server/` and `@tests/` from tsconfig.json's paths, for the build and for vitest alike.
  resolve: { tsconfigPaths: true },
  plugins: [
    react(),
    axiosFetchOnly(),
    preloadApp('src/app/start-app.tsx'),
    chunkPackages(),
    // Brotli and gzip copies of the built text assets, served by the BFF (server/bff/static.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|html)$/, threshold: 1024 }),
    {
      // `npm start` rebuilds only when the sources changed since this build (server/build-state.ts).
      name: 'build-fingerprint',
      apply: 'build',
      closeBundle: () => writeFingerprint(),
    },
  ],
  build: {
    // The manifest lets scripts/check-bundle-size.mjs follow the landing route's chunks.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // Rolldown's note that plugins took over half the build time: on a slow machine it is printed
      // on every build, `npm start`'s first one included, and tells a newcomer nothing to act on.
      checks: { bundlerTimings: false },
      output: {
        // File names' hashes in hex: each is a few random bytes in the landing route's scripts (the
        // app's list of the screens' chunks), which brotli cannot shrink; base64's cost ~100 bytes
        // more, and moved the total by tens of bytes from one build to the next (issue 36).
        hashCharacters: 'hex',
        // The landing route in four files instead of fourteen (build/landing-chunks.ts).
        codeSplitting: {
          groups: [
            ...landingChunks(
              'src/main.tsx',
              'src/app/start-app.tsx',
              'src/features/catalog/catalog-screen.tsx',
            ),
            // The way back to the chat and the shop's profile (issue 37), used by the end pages, the
            // share page and the share action in different sets: one chunk rather than three, each of
            // which would add its name to the landing route's list of the screens' chunks.
            {
              name: 'chat-links',
              test: /src\/(lib\/chat-links|session\/(use-back-to-chat|shop-public-profile))\.ts$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  test: {
    // Component tests run in jsdom, everything else (logic, BFF, sandbox) in plain Node.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // Browser-only logic (history, sessionStorage, XHR) names its tests *.dom.test.ts.
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          setupFiles: ['tests/setup-dom.ts'],
          // Typing whole forms key by key in jsdom takes seconds on a busy 2-core runner; 5 s
          // (the default) made a few form tests fail under load without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
