// Test kit of the Pix page: BR Codes shaped like a provider's (EMV fields), and charges as the
// backend answers them (contract/pix.ts).
import type { PixCharge } from '@/contract/pix.ts';

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A BR Code's text (its CRC is not checked here: the page shows and copies it as given). */
export function brCode({
  amount,
  txid,
  merchant = 'EMPORIO BOM PRECO',
}: {
  amount: number;
  txid: string;
  merchant?: string;
}) {
  return (
    field('00', '01') +
    field('26', field('00', 'BR.GOV.BCB.PIX') + field('01', 'loja@emporio.com.br')) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', merchant) +
    field('60', 'SAO PAULO') +
    field('62', field('05', txid)) +
    '6304ABCD'
  );
}

/** A charge for R$ 27,90, pending for 10 minutes from the server's `now` (this test's clock unless given). */
export function chargeFixture(overrides: Partial<PixCharge> & { serverNow?: number } = {}): PixCharge {
  const { serverNow = Date.now(), ...rest } = overrides;
  const txid = rest.txid ?? 'TX0000000000000000000000001';
  return {
    txid,
    brCode: brCode({ amount: 27.9, txid }),
    amount: 27.9,
    status: 'pending',
    now: new Date(serverNow).toISOString(),
    expiresAt: new Date(serverNow + 10 * 60_000).toISOString(),
    ...rest,
  };
}
