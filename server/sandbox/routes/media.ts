// GET /api/sandbox/media/:file: the sandbox's generated pictures (shop logo, product images).
// Public (an <img> sends no bearer) and cacheable. File names are matched against a strict pattern
// before anything else, so '..', slashes, encoded separators and other path tricks are a plain 404;
// nothing is ever read from disk.
import { type Response, Router } from 'express';
import type { SandboxDb } from '../db/open.ts';
import { notFound } from '../http/envelope.ts';
import { renderLogo } from '../media/logo.ts';
import { isImageShape, renderProductImage } from '../media/product-image.ts';
import { findProductArt } from '../store/catalog.ts';

const LOGO_FILE = 'logo.svg';
const PRODUCT_FILE = /^produto-(\d{1,12})(?:-([2-9]))?\.svg$/;
const MAX_IMAGES_PER_PRODUCT = 9;

function sendSvg(res: Response, svg: string): void {
  res.set({
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own is a document: it must not run scripts or load anything.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.send(svg);
}

export function mediaRoutes(db: SandboxDb): Router {
  const router = Router();
  const logo = renderLogo();

  router.get('/sandbox/media/:file', (req, res) => {
    const file = req.params.file;
    if (file === LOGO_FILE) {
      sendSvg(res, logo);
      return;
    }
    const match = file.length <= 40 ? PRODUCT_FILE.exec(file) : null;
    const productId = match?.[1];
    const variant = Number(match?.[2] ?? 1);
    const art = productId ? findProductArt(db, productId) : undefined;
    if (!art || !isImageShape(art.shape) || variant > MAX_IMAGES_PER_PRODUCT) {
      throw notFound('Imagem não encontrada.');
    }
    sendSvg(res, renderProductImage({ ...art, shape: art.shape }, variant));
  });

  return router;
}
