import type { Plugin } from 'vite';

/**
 * Writes which npm packages each chunk carries to .vite/chunk-packages.json, next to Vite's
 * manifest: scripts/check-bundle-size.mjs uses it to prove that the heavy or third-party libraries
 * (Mercado Pago, reCAPTCHA, forms, masks, carousel, gallery) are loaded only where they are used.
 */
export function chunkPackages(): Plugin {
  return {
    name: 'chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const names = new Set<string>();
        for (const id of Object.keys(file.modules)) {
          const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
          if (match?.[1]) names.add(match[1]);
        }
        packages[file.fileName] = [...names].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: `${JSON.stringify(packages, null, 2)}\n`,
      });
    },
  };
}
