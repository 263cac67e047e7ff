// Card brands for the card form and its preview (checkout spec section 5, docs/domain.md "Card brands").
// Detection is card-validator's (credit-card-type underneath), with the Brazilian Hipercard ranges
// 384100, 384140 and 384160 added to Hipercard and tested ahead of Diners Club (whose 38 they share).
// Pure functions over the number's digits: nothing here keeps or logs a number.
import cardValidator from 'card-validator';

const { creditCardType } = cardValidator;

/** The brand ids card-validator answers (credit-card-type's `type`). */
export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'american-express'
  | 'diners-club'
  | 'discover'
  | 'jcb'
  | 'unionpay'
  | 'maestro'
  | 'elo'
  | 'hiper'
  | 'hipercard'
  | 'mir'
  | 'troy'
  | 'naranja'
  | 'verve';

/** Hipercard's own BIN (known to the library) and the 3841xx ranges Brazilian issuers use. */
export const HIPERCARD_PATTERNS = [606282, 384100, 384140, 384160] as const;

/** Diners Club's place in credit-card-type's test order (visa, mastercard, american-express, diners-club...). */
const DINERS_TEST_POSITION = 3;

let configured = false;

/**
 * Teaches credit-card-type (a module-wide registry shared with card-validator) the Hipercard ranges,
 * once: Hipercard takes 606282 and 3841x0 numbers of 13, 16 or 19 digits and is tested right before
 * Diners Club, so that a number starting 384100 reads as Hipercard, not Diners.
 */
function configureBrands(): void {
  if (configured) return;
  configured = true;
  const hipercard = creditCardType.types.HIPERCARD ?? 'hipercard';
  creditCardType.updateCard(hipercard, { patterns: [...HIPERCARD_PATTERNS], lengths: [13, 16, 19] });
  creditCardType.changeOrder(hipercard, DINERS_TEST_POSITION);
}
configureBrands();

const digits = (number: string): string => number.replace(/\D/g, '');

/**
 * The brand of a card number (digits, spaces or dashes allowed), or null while the digits typed so
 * far fit no brand or still fit more than one ('4' may become Visa or Elo, '38' Diners or Hipercard).
 */
export function detectBrand(number: string): CardBrand | null {
  const plain = digits(number);
  if (plain === '') return null;
  const card = cardValidator.number(plain).card;
  return card ? (card.type as CardBrand) : null;
}

/** The brand's name as printed: 'Visa', 'Mastercard', 'American Express', 'Elo', 'Hipercard'... */
export function brandName(brand: CardBrand | null): string {
  if (brand === null) return '';
  return creditCardType.getTypeInfo(brand)?.niceType ?? brand;
}

/**
 * The longest number the field accepts for a brand (spec section 5): 15 American Express,
 * 14 Diners Club, 19 Visa, Mastercard and Hipercard, 16 any other brand or none yet.
 */
export function maxNumberLength(brand: CardBrand | null): number {
  switch (brand) {
    case 'american-express':
      return 15;
    case 'diners-club':
      return 14;
    case 'visa':
    case 'mastercard':
    case 'hipercard':
      return 19;
    default:
      return 16;
  }
}

/** Where a number without a known brand yet breaks: in fours, as most cards are printed. */
const FOUR_BY_FOUR = [4, 8, 12, 16];

/** The brand's length and where its number breaks (credit-card-type's `gaps`). */
function layoutOf(brand: CardBrand | null): { length: number; gaps: readonly number[] } {
  const brandGaps = (brand && creditCardType.getTypeInfo(brand)?.gaps) || FOUR_BY_FOUR;
  // A 19-digit Visa or Mastercard keeps its fourth group of four before the last three.
  const gaps = brandGaps.at(-1) === 12 ? [...brandGaps, 16] : brandGaps;
  return { length: maxNumberLength(brand), gaps };
}

function patternOf(brand: CardBrand | null): string {
  const { length, gaps } = layoutOf(brand);
  let pattern = '';
  for (let index = 0; index < length; index++) pattern += `${index > 0 && gaps.includes(index) ? ' ' : ''}0`;
  return pattern;
}

/**
 * The number field's mask for the digits typed so far (an imask pattern, '0' a digit): grouped as the
 * brand prints it (issue 25): 4-4-4-4 (and a fifth group of 19-digit cards), American Express 4-6-5,
 * Diners 4-6-4, and as long as the brand's number (maxNumberLength). The gaps are card-validator's
 * (credit-card-type's `gaps`); only the digits count, so the spaces never reach the payment call
 * (card-rules.ts sends digits only).
 */
export function numberPattern(number: string): string {
  return patternOf(detectBrand(number));
}

/** Every pattern numberPattern may answer, the one of a number without a brand yet first. */
export function numberPatterns(): string[] {
  const brands = Object.values(creditCardType.types) as CardBrand[];
  return [...new Set([patternOf(null), ...brands.map(patternOf)])];
}

/**
 * The brands shown when the backend names none (the spec's card option has no `brands`): the ones the
 * spec's own card rules cover and the form validates, so a shop on a backend that does not say still
 * shows the shopper which cards the form takes.
 */
export const CARD_FORM_BRANDS: readonly CardBrand[] = [
  'visa',
  'mastercard',
  'elo',
  'american-express',
  'diners-club',
  'hipercard',
];

/**
 * The brands the card options take (their `brands`, issue 25), for the logos beside the number: the
 * chosen option's when it names them, else every option's, each once, in the order given. Ids
 * card-validator does not know are left out. When no option names a brand, the brands the form takes
 * (CARD_FORM_BRANDS).
 */
export function acceptedBrands(
  options: readonly { providerId: string; brands?: readonly string[] | null | undefined }[],
  providerId: string,
): CardBrand[] {
  const chosen = options.find((option) => option.providerId === providerId);
  const named = chosen?.brands?.length ? chosen.brands : options.flatMap((option) => option.brands ?? []);
  if (named.length === 0) return [...CARD_FORM_BRANDS];
  const known = new Set<string>(Object.values(creditCardType.types));
  return [...new Set(named)].filter((brand): brand is CardBrand => known.has(brand));
}

/** American Express numbers start with 34 or 37 (spec section 5). */
export const isAmexNumber = (number: string): boolean => /^3[47]/.test(digits(number));

/** The security code's length (spec section 5): 4 for numbers starting 34 or 37, else 3. */
export function securityCodeLength(number: string): 3 | 4 {
  return isAmexNumber(number) ? 4 : 3;
}

/**
 * The number as the preview shows it (PCI DSS 3.4.1: at most the first six and last four digits):
 * digits past the sixth are '•' until the last four typed, grouped by fours. Nothing is shown for
 * the digits not typed yet.
 */
export function maskedNumber(number: string): string {
  const plain = digits(number);
  const shown = [...plain].map((digit, index) =>
    index < 6 || index >= Math.max(plain.length - 4, 6) ? digit : '•',
  );
  // Grouped as the brand prints it, like the number field (American Express 4-6-5).
  const { gaps } = layoutOf(detectBrand(plain));
  return shown.map((digit, index) => (index > 0 && gaps.includes(index) ? ` ${digit}` : digit)).join('');
}
