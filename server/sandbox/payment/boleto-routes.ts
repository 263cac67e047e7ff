// GET /api/sandbox/boletos/:file: a boleto's PDF, as the provider serves it at the public address it
// gave (`order.payment.boleto.pdfUrl`, `<order id>-<token>.pdf`). Public like a provider's link: the
// shopper opens it in the phone's browser, outside the chat app, where the session's cookie may not
// be. The token is 32 random letters and digits, compared in constant time; any other name is a 404.
import { Router } from 'express';
import type { SandboxDb } from '../db/types.ts';
import { notFound } from '../http/envelope.ts';
import { readCheckout } from '../order/order-state.ts';
import type { OrderRow } from '../order/orders.ts';
import { findShopName } from '../shop/shops.ts';
import { BOLETO_PDF_FILE, isBoletoToken } from './boleto.ts';
import { renderBoletoPdf } from './boleto-pdf.ts';

export const BOLETO_NOT_FOUND = 'Boleto não encontrado.';

export function boletoPdfRoutes(db: SandboxDb): Router {
  const router = Router();
  router.get('/boletos/:file', (req, res) => {
    const match = BOLETO_PDF_FILE.exec(req.params.file);
    const orderId = match ? Number(match[1]) : Number.NaN;
    const order = Number.isSafeInteger(orderId)
      ? db
          .prepare<[number], Pick<OrderRow, 'id' | 'shop_id' | 'checkout'>>(
            'SELECT id, shop_id, checkout FROM orders WHERE id = ?',
          )
          .get(orderId)
      : undefined;
    const boleto = order ? readCheckout(order).payment?.boleto : undefined;
    if (!order || !boleto || !isBoletoToken(boleto, match?.[2] ?? '')) throw notFound(BOLETO_NOT_FOUND);
    const pdf = renderBoletoPdf({
      shopName: findShopName(db, order.shop_id) ?? '',
      orderId: order.id,
      boleto,
    });
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="boleto-${order.id}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(pdf);
  });
  return router;
}
