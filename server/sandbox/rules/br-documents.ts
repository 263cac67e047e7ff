// Brazilian document checks the server applies to customer data (issue 3 validates customer
// updates with them; the seed test proves the demo customers carry valid CPFs).

function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** CPF: 11 digits, not all equal, both mod-11 check digits (weights 10..2, then 11..2). */
export function isValidCpf(input: string): boolean {
  const cpf = onlyDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(9) === digits[9] && check(10) === digits[10];
}

/**
 * CNPJ, numeric or the alphanumeric form (from July 2026): 12 characters A–Z/0–9 then two numeric
 * check digits; a character's value is its ASCII code − 48; weights 5..2,9..2 then 6..2,9..2; mod 11.
 */
export function isValidCnpj(input: string): boolean {
  const cnpj = input.toUpperCase().replace(/[.\-/\s]/g, '');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const check = (length: number): number => {
    let sum = 0;
    // From the right the weights run 2, 3, ... 9 and start again at 2.
    for (let i = 0; i < length; i++) sum += (values[i] ?? 0) * (((length - 1 - i) % 8) + 2);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === values[12] && check(13) === values[13];
}
