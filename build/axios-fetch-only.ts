import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Every call of the SPA goes through axios's fetch adapter (src/lib/api-client.ts), so the browser
 * build leaves out its XMLHttpRequest adapter, which axios's adapter list imports whatever the
 * configuration: about 1.5 KB (brotli) of the landing route. It resolves to axios's own `null`
 * module, as axios's package already does for its Node adapter in a browser build.
 */
export function axiosFetchOnly(): Plugin {
  const nullModule = fileURLToPath(new URL('../node_modules/axios/lib/helpers/null.js', import.meta.url));
  return {
    name: 'axios-fetch-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './xhr.js' &&
        importer?.replaceAll('\\', '/').endsWith('axios/lib/adapters/adapters.js')
      ) {
        return nullModule;
      }
      return null;
    },
  };
}
