import type { Page, Request } from '@playwright/test';

/** An order line as the server holds it (the fields the tests read). */
export type HeldItem = {
  index: number;
  providerId: string;
  name?: string;
  quantity: number;
  preferences?: string;
};

/** The order as the server holds it, read with the tab's own session handle. */
export type HeldOrder = {
  id: string;
  totalAmout: number;
  status: number;
  items: HeldItem[];
  logistic: { providerId: string | null; type: number | null; price: number | null };
};

/**
 * Follows the session handle the tab's calls carry (x-session-handle) and answers a reader of the
 * order as the server holds it (GET /api/order/current, as the tab would send it). Call it before the
 * page opens its session.
 */
export function followServerOrder(page: Page): () => Promise<HeldOrder> {
  const handle = followHandle(page);
  return async () => {
    const answer = await page.request.get('/api/order/current', {
      headers: { 'x-session-handle': handle() },
    });
    return (await answer.json()).data as HeldOrder;
  };
}

/** The session handle the tab's calls carry (x-session-handle), to call the BFF as the tab would. */
export function followHandle(page: Page): () => string {
  let handle = '';
  page.on('request', (request: Request) => {
    handle = request.headers()['x-session-handle'] ?? handle;
  });
  return () => {
    if (!handle) throw new Error('the tab has sent no call with a session handle yet');
    return handle;
  };
}
