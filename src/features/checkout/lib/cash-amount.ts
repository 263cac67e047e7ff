// BRL amounts typed by hand ('Valor em espécie', manual discount, manual freight): the parsing lives
// with the money input that uses it (src/components/ui/brl-amount.ts).
export { brlAmountText, parseBrlAmount } from '@/components/ui/brl-amount.ts';
