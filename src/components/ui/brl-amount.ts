// Amounts in reais typed by hand (the money input: 'Valor em espécie', manual discount, manual freight).

/**
 * '1.234,56' → 1234.56, '10' → 10, '10,5' → 10.5, 'R$ 7,00' → 7. A dot is a thousands separator
 * ('1.234' → 1234) unless the text has no comma and one or two decimals after a single dot
 * ('10.50' → 10.5). Undefined for anything else: empty, negative, letters, more than two decimals.
 */
export function parseBrlAmount(text: string | null | undefined): number | undefined {
  if (text == null) return undefined;
  const plain = text.replace(/R\$/g, '').replace(/\s/g, '');
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(plain) || /^\d+,\d{1,2}$/.test(plain)) {
    normalised = plain.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(plain)) {
    normalised = plain.replace(/\./g, '');
  } else if (/^\d+(\.\d{1,2})?$/.test(plain)) {
    normalised = plain;
  } else {
    return undefined;
  }
  const amount = Number(normalised);
  return Number.isFinite(amount) ? amount : undefined;
}

/** 1234.5 → '1.234,50': the field text of an amount (no currency sign). */
export function brlAmountText(amount: number): string {
  return amount.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
