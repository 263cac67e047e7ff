// Links back to the shop's chat (domain notes, "Chat links"). No personal data (CPF, card) may go
// into a prefilled text.

/**
 * `https://wa.me/<digits>?text=<encoded text>`: digits only (Brazil: 55 + area code + number), the
 * text URL-encoded; no `text` parameter when there is none. Undefined when the phone has no digits.
 */
export function whatsAppLink(phone: string | null | undefined, text?: string): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return undefined;
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
