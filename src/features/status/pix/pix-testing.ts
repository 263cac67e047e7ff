// Test kit of the Pix page: BR Codes as a provider builds them, and charges as the
// backend answers them (contract/pix.ts).
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { PixCharge } from '@/contract/pix.ts';

/** A valid BR Code (CRC included), as a provider builds it: key, amount, receiver, txid (≤ 25 characters). */
export function brCode({
  amount,
  txid,
  merchant = 'EMPORIO BOM PRECO',
}: {
  amount: number;
  txid: string;
  merchant?: string;
}) {
  const code = generatePixPayload({
    key: 'loja@emporio.com.br',
    merchantName: merchant,
    merchantCity: 'SAO PAULO',
    amount,
    txid,
  });
  if (!code) throw new Error(`no BR Code for amount ${amount} and txid ${txid}`);
  return code;
}

/** A charge for R$ 27,90, pending for 10 minutes from the server's `now` (this test's clock unless given). */
export function chargeFixture(overrides: Partial<PixCharge> & { serverNow?: number } = {}): PixCharge {
  const { serverNow = Date.now(), ...rest } = overrides;
  const txid = rest.txid ?? 'TX00000000000000000000001';
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
