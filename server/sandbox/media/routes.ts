// GET /api/sandbox/media/:file: the sandbox's pictures: the shop logo (drawn here) and the product
// pictures (WebP files rendered ahead, media/pictures.ts). Public (an <img> sends no bearer) and
// cacheable. A file name is matched against a strict pattern first and then looked up among the
// files the manifest names, so '..', slashes, encoded separators and other path tricks are a plain
// 404: a request's file name is never a path on disk.
import { type Response, Router } from 'express';
import { notFound } from '../http/envelope.ts';
import { renderLogo } from './logo.ts';
import { pictureFiles } from './pictures.ts';

const LOGO_FILE = 'logo.svg';
const PICTURE_FILE = /^[a-z0-9-]{1,80}\.webp$/;

/** A product picture's name holds its version: the bytes under a name never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendSvg(res: Response, svg: string): void {
  res.set({
    'Content-Type': 'image/svg+xml; charset=utf-8',
    // The logo's address has no version: a day, so a new drawing shows up.
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own is a document: it must not run scripts or load anything.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.send(svg);
}

export function mediaRoutes(): Router {
  const router = Router();
  const logo = renderLogo();
  const pictures = pictureFiles();

  router.get('/sandbox/media/:file', (req, res) => {
    const file = req.params.file;
    if (file === LOGO_FILE) {
      sendSvg(res, logo);
      return;
    }
    const picture = PICTURE_FILE.test(file) ? pictures.get(file) : undefined;
    if (!picture) throw notFound('Imagem não encontrada.');
    res.set({
      'Content-Type': 'image/webp',
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(picture);
  });

  return router;
}
