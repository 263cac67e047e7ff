// The pack size at the end of a product's name ('Refrigerante Guaraná Antarctica 2L', 'Pilha Alcalina
// Duracell AA 4 Unidades'): the card clamps the rest of the name and always shows the size, since two
// products that differ only by it ('... 350ml', '... 2L') are otherwise the same card.

/** One amount: '2L', '1,5 kg', '6x350ml', '12 Rolos', '7 Unidades'. */
const AMOUNT =
  String.raw`\d+(?:[.,]\d+)?\s?(?:x\s?\d+(?:[.,]\d+)?\s?)?` +
  '(?:kg|g|mg|ml|l|lt|litros?|m|cm|mm|un|und|unid|unidades?|rolos?|folhas?|c[aá]psulas?|sach[eê]s?|pacotes?|latas?|garrafas?|caixas?|pares?)';

/** One amount or more at the very end, optionally after 'aprox.' and joined by 'com', 'c/' or 'x'. */
const PACK_AT_END = new RegExp(
  String.raw`\s((?:aprox\.?\s)?${AMOUNT}(?:\s(?:com\s|c/\s?|x\s)?${AMOUNT})*)$`,
  'i',
);

export type NameParts = { head: string; pack: string | undefined };

/** Splits the pack size off the end of a name; a name that is only a size is left whole. */
export function splitPackSize(name: string): NameParts {
  const trimmed = name.trim();
  const match = PACK_AT_END.exec(trimmed);
  const head = match ? trimmed.slice(0, match.index).trim() : '';
  return match?.[1] && head ? { head, pack: match[1] } : { head: trimmed, pack: undefined };
}
