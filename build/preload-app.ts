import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * The page's first script (src/main.tsx) imports the app with import(), so that it can start the
 * first calls before the app's code has arrived. The browser would then only discover the app's
 * chunks once that script has run: this plugin lists them in index.html as module preloads (and
 * the app's stylesheets), so they download in parallel with the first script.
 */
export function preloadApp(appModule: string): Plugin {
  const appId = path.resolve(appModule);
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const app = chunks.find((chunk) => chunk.moduleIds.includes(appId));
        if (!app) throw new Error(`preload-app: ${appModule} has no chunk of its own`);
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const name of chunk.imports) {
            const next = chunks.find((c) => c.fileName === name);
            if (next) visit(next);
          }
        };
        visit(app);
        const tags: HtmlTagDescriptor[] = [];
        // What Vite already lists (the first script's own imports) is not listed twice.
        const listed = (file: string) => html.includes(`/${file}"`);
        for (const file of [...files]) if (listed(file)) files.delete(file);
        for (const file of [...css]) if (listed(file)) css.delete(file);
        for (const file of files) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        }
        for (const file of css) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}
