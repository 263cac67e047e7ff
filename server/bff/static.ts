import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { RUM_OFF_META } from '../../src/contract/rum-off.ts';

/**
 * index.html as served with real-user monitoring off (RUM=false): a `<meta name="rum" content="off">`
 * in its head tells the page's first script not to load the measuring code nor send anything
 * (src/app/rum/start-rum.ts).
 */
export function withRumOff(html: string): string {
  const meta = `<meta name="${RUM_OFF_META.name}" content="${RUM_OFF_META.content}" />`;
  const headEnd = html.search(/<\/head>/i);
  if (headEnd !== -1) return `${html.slice(0, headEnd)}${meta}${html.slice(headEnd)}`;
  // No head written out: right after the doctype (before it, the page would render in quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '';
  return `${doctype}${meta}${html.slice(doctype.length)}`;
}

/**
 * Serves the built SPA. Hashed files under /assets never change, so browsers keep them a year;
 * index.html must always be revalidated, or a deploy would leave shoppers on old chunk names.
 * The build writes brotli and gzip copies of the assets (vite.config.ts): they are sent to browsers
 * that accept them, brotli first, so a phone on a slow network downloads a fifth of the bytes.
 */
export function staticFrontend(
  staticDir: string,
  options: { rum: boolean } = { rum: true },
): { router: Router; sendIndex: RequestHandler; indexHtml: string } {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The SPA is not built: ${indexFile} is missing. Run "npm run build".`);
  }
  const builtHtml = readFileSync(indexFile);
  const indexHtml = options.rum ? builtHtml : Buffer.from(withRumOff(builtHtml.toString('utf8')));

  const sendIndex: RequestHandler = (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
  };

  const router = Router();
  router.use(
    '/assets',
    expressStaticGzip(path.join(root, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { index: false, fallthrough: false, immutable: true, maxAge: '365d' },
    }),
  );
  // The page itself, asked for by its file name, is the same page (with RUM=false's marker too).
  router.get('/index.html', sendIndex);
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  return { router, sendIndex, indexHtml: indexHtml.toString('utf8') };
}
