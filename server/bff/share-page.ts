import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod/mini';
import {
  type PublicProductPage,
  publicProductPageSchema,
  publicProductParams,
  shareLinkPath,
} from '../../src/contract/chat-app.ts';
import { PUBLIC_PRODUCT_ROUTE } from './call-table.ts';
import { sendError } from './errors.ts';
import { type PreviewPictures, previewPictures } from './preview-image.ts';
import { type CallResponse, sendUpstreamFailure, type Upstream } from './proxy.ts';
import { PREVIEW_FILE, shareTagsOf, withShareTags } from './share-preview-html.ts';

/**
 * The share link of a product (decision 0024), `/s/<shop>/p/<product>`, and its preview picture:
 * - GET/HEAD of the link: the built index.html (the SPA shows the read-only product page) with the
 *   product's Open Graph tags near the top of its <head>, the same bytes for every client (no user
 *   agent is read: WhatsApp, Facebook and a shopper's browser get one answer). An unknown product, or
 *   a backend without the public product read, gets the plain index.html with 404 (the SPA shows
 *   its own message); a backend that fails, the plain page with 200 (the SPA tries again itself).
 * - GET/HEAD of `<link>/preview.jpg`: the preview picture (preview-image.ts), long cached, with ETag.
 * Both read the product through the public product call's row (call-policy.ts getPublicProduct):
 * its rate limit per client and its kept answers, so a preview costs the backend no more than the
 * call. Malformed shop or product: 404 (the page with the plain index.html), never a 5xx; nothing
 * of the request but its two checked parameters is used (no Host, no X-Forwarded-*: the addresses
 * come from PUBLIC_URL). No cookie, no session.
 */
export const SHARE_PAGE_ROUTE = '/s/:slug/p/:productId';
const PREVIEW_ROUTE = `${SHARE_PAGE_ROUTE}/${PREVIEW_FILE}`;
/** The picture changes only when the product's picture or the shop's colour does. */
const PREVIEW_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

type Params = { slug: string; productId: string };

export type SharePagesOptions = {
  upstream: Upstream;
  /** The public reads' rate limit (the getPublicProduct row's). */
  limit: RequestHandler;
  /** The built index.html the SPA's pages are served with. */
  indexHtml: (req: Request) => Promise<string>;
  publicUrl: string;
  commerceApiUrl: string;
  logger: Logger;
};

const paramsOf = (req: Request): Params | undefined => {
  const parsed = z.safeParse(publicProductParams, { slug: req.params.slug, productId: req.params.productId });
  return parsed.success ? parsed.data : undefined;
};

type ProductRead = { page: PublicProductPage } | { status: 404 } | { failure: unknown };

export function sharePages(options: SharePagesOptions): Router {
  const { upstream, logger } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const pictures: PreviewPictures = previewPictures(options.commerceApiUrl);
  const router = Router({ caseSensitive: true, strict: false });

  async function readProduct(req: Request, res: Response, params: Params): Promise<ProductRead> {
    try {
      const answer = await upstream.readKept(
        PUBLIC_PRODUCT_ROUTE,
        params,
        String(res.locals.requestId ?? ''),
        req.ip,
      );
      if (answer.status !== 200) return { status: 404 };
      const envelope = JSON.parse(answer.bytes.toString('utf8')) as { success?: unknown; data?: unknown };
      const page =
        envelope.success === true ? z.safeParse(publicProductPageSchema, envelope.data) : undefined;
      if (!page?.success) return { failure: new Error('public product answer outside the contract') };
      return { page: page.data };
    } catch (error) {
      return { failure: error };
    }
  }

  const named =
    (route: string): RequestHandler =>
    (_req, res, next) => {
      // The log line and metrics name the template, never the path.
      res.locals.route = route;
      next();
    };

  const sendPage = (res: Response, html: string, status: number) => {
    res.status(status).set('Cache-Control', 'no-cache').type('html').send(html);
  };

  router.get(SHARE_PAGE_ROUTE, named(SHARE_PAGE_ROUTE), options.limit, async (req, res, next) => {
    try {
      const index = await options.indexHtml(req);
      const params = paramsOf(req);
      if (!params) return sendPage(res, index, 404);
      const read = await readProduct(req, res, params);
      if ('status' in read) return sendPage(res, index, 404);
      if ('failure' in read) {
        logger.warn(
          { reqId: res.locals.requestId, err: { type: (read.failure as Error)?.name } },
          'share page without preview: public product read failed',
        );
        return sendPage(res, index, 200);
      }
      const shareUrl = `${publicUrl}${shareLinkPath(params.slug, params.productId)}`;
      sendPage(res, withShareTags(index, shareTagsOf(read.page, shareUrl)), 200);
    } catch (error) {
      next(error);
    }
  });

  router.get(PREVIEW_ROUTE, named(PREVIEW_ROUTE), options.limit, async (req, res, next) => {
    try {
      const params = paramsOf(req);
      if (!params) return sendError(res, 'not_found');
      const read = await readProduct(req, res, params);
      if ('status' in read) return sendError(res, 'not_found');
      if ('failure' in read) return sendUpstreamFailure(res as unknown as CallResponse, read.failure);
      const picture = await pictures.of(read.page.product.images[0]?.url, read.page.shop.style?.defaultColor);
      res.set('Cache-Control', PREVIEW_CACHE_CONTROL).set('ETag', picture.etag);
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(picture.etag)) {
        res.status(304).end();
        return;
      }
      res.status(200).type('image/jpeg').set('Content-Length', String(picture.bytes.length));
      if (req.method === 'HEAD') res.end();
      else res.end(picture.bytes);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
