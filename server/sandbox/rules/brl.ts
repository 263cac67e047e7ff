// Money as the shopper reads it: 'R$ 25,00' (pt-BR, BRL). The same formatter as the SPA's, so a
// problem message from the server and the cart's own wording are the same string.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatBrl(cents: number): string {
  return brl.format(cents / 100);
}
