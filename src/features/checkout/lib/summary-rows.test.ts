import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summaryRows, summaryRowsSumCents } from './summary-rows.ts';

const reais = (cents: number) => cents / 100;

describe('the summary rows', () => {
  it('show the coupon, subtotal, discounts, delivery, both service taxes and the total', () => {
    const rows = summaryRows({
      coupon: 'BEMVINDO10',
      itemsAmout: 65.7,
      discountAmout: 4.82,
      totalAmout: 76.78,
      logistic: { providerId: 'entrega', price: 9.9, serviceTax: 2 },
      seller: { providerId: 'loja', serviceTax: 4 },
    });
    expect(rows.map((row) => [row.label, row.kind === 'coupon' ? row.text : row.amount])).toEqual([
      ['Cupom', 'BEMVINDO10'],
      ['Subtotal', 65.7],
      ['Descontos', -4.82],
      ['Entrega', 9.9],
      ['Taxa de serviço', 6],
      ['Total', 76.78],
    ]);
  });

  it("leave out 'Entrega' before a choice and 'Taxa de serviço' when nobody charges one", () => {
    const labels = summaryRows({ itemsAmout: 10, discountAmout: 0, totalAmout: 10 }).map((row) => row.label);
    expect(labels).toEqual(['Subtotal', 'Descontos', 'Total']);
  });

  it("say 'Grátis' for a free delivery and a seller without tax", () => {
    const rows = summaryRows({
      itemsAmout: 10,
      totalAmout: 10,
      logistic: { providerId: 'retirada', price: 0 },
      seller: { providerId: 'loja', serviceTax: 0 },
    });
    expect(rows.filter((row) => row.kind === 'amount' && row.free).map((row) => row.label)).toEqual([
      'Entrega',
      'Taxa de serviço',
    ]);
  });

  it('add up to the total for any amounts a server computes as subtotal − discounts + delivery + taxes', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, (items, discount, delivery, storeTax, sellerTax) => {
        const off = Math.min(discount, items);
        const order = {
          itemsAmout: reais(items),
          discountAmout: reais(off),
          totalAmout: reais(items - off + delivery + storeTax + sellerTax),
          logistic: { providerId: 'x', price: reais(delivery), serviceTax: reais(storeTax) },
          seller: { providerId: 'y', serviceTax: reais(sellerTax) },
        };
        expect(summaryRowsSumCents(summaryRows(order))).toBe(items - off + delivery + storeTax + sellerTax);
      }),
    );
  });
});
