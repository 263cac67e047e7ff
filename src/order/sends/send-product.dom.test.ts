import { envelope, failure, server } from '@tests/msw.ts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sendProduct, sendProductRequest } from './send-product.ts';

describe('sending a product to the contact', () => {
  it('sends a product with its chosen attributes under its own id', () => {
    expect(
      sendProductRequest({
        providerId: '11103',
        attributes: [{ providerId: 'cor', optionProviderId: 'branca' }],
      }),
    ).toEqual({
      id: '11103',
      body: { providerId: '11103', attributes: [{ providerId: 'cor', optionProviderId: 'branca' }] },
    });
  });

  it("sends a variant product as the id followed by 'Variant=' and the option, with no attributes", () => {
    expect(
      sendProductRequest({
        providerId: '2011',
        variantOptionId: 'pessego',
        attributes: [{ providerId: 'sabor', optionProviderId: 'pessego' }],
      }),
    ).toEqual({ id: '2011Variant=pessego', body: { providerId: '2011Variant=pessego', attributes: [] } });
  });

  it('posts to the encoded path', async () => {
    const seen: { path: string; body: unknown }[] = [];
    server.use(
      http.post('/api/order/send/product/:id', async ({ request }) => {
        seen.push({ path: new URL(request.url).pathname, body: await request.json() });
        return envelope(null);
      }),
    );
    await sendProduct({ providerId: '2011', variantOptionId: 'pessego' });
    expect(seen).toEqual([
      {
        path: '/api/order/send/product/2011Variant%3Dpessego',
        body: { providerId: '2011Variant=pessego', attributes: [] },
      },
    ]);
  });

  it("fails with the server's message", async () => {
    server.use(http.post('/api/order/send/product/:id', () => failure('Produto não encontrado.', 404)));
    await expect(sendProduct({ providerId: '9999' })).rejects.toThrow('Produto não encontrado.');
  });
});
