import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Serves the built SPA. Hashed files under /assets never change, so browsers keep them a year;
 * index.html must always be revalidated, or a deploy would leave shoppers on old chunk names.
 * The build writes brotli and gzip copies of the assets (vite.config.ts): they are sent to browsers
 * that accept them, brotli first, so a phone on a slow network downloads a fifth of the bytes.
 */
export function staticFrontend(staticDir: string): { router: Router; sendIndex: RequestHandler } {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The SPA is not built: ${indexFile} is missing. Run "npm run build".`);
  }
  const indexHtml = readFileSync(indexFile);

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
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  return { router, sendIndex };
}
