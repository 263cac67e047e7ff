/**
 * Display formatting for the storefront (pt-BR, BRL). Pure functions, no dependencies beyond `Intl`.
 *
 * Spec references: the shopper spec, section 9 (price, weight and frequency display) and
 * section 3 (subscription offer recurrence types).
 *
 * Dates are in format-date.ts: only the checkout shows them, and their formatters are not built on
 * every page load.
 *
 * Every formatter returns '' for input it cannot show honestly (NaN, Infinity, an unknown unit, an
 * unparseable date). An empty string renders as nothing, which is better than 'R$ NaN' or a made-up
 * 'R$ 0,00' that a shopper could mistake for a free product.
 */

// Formatters are built once: constructing an Intl formatter is far more expensive than using one.
// signDisplay 'negative' keeps '-R$ 5,00' but never shows '-R$ 0,00' for -0 or for -0.001.
import { RecurrenceType } from '@/contract/enums.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', signDisplay: 'negative' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, signDisplay: 'negative' });

// ---------------------------------------------------------------------------------------------------
// Money

/**
 * Formats a value in reais: 1234.56 → 'R$ 1.234,56'.
 *
 * The space after 'R$' is the NO-BREAK SPACE (U+00A0) that Intl produces. It is kept on purpose: it is
 * correct typography (the symbol never wraps away from the amount). Tests and text matchers must use
 * '\u00A0' there, not a plain space.
 *
 * NaN and ±Infinity return '' rather than 'R$ 0,00': a price that failed to compute must not be shown
 * as a real (and free) price.
 */
export function formatBRL(value: number): string {
  if (!Number.isFinite(value)) return '';
  return brl.format(value);
}

/**
 * Formats a price range as 'R$ 10,00 - R$ 20,00' (spec: "a range 'min - max' is shown").
 * When only one bound is a finite number, that bound alone is shown; when neither is, ''.
 */
export function formatPriceRange(min: number, max: number): string {
  const from = formatBRL(min);
  const to = formatBRL(max);
  if (from === '' || to === '') return from || to;
  return `${from} - ${to}`;
}

/** The prices a product card or detail page shows. All amounts are in reais. */
export interface PriceDisplay {
  /** The price the shopper pays now. */
  current: number;
  /** A higher reference price shown struck through, when there is one. */
  struck?: number;
  /** A 'min - max' range, shown when the product has a maximum price (e.g. variants priced apart). */
  range?: { min: number; max: number };
}

/** The price fields of a product (spec section 3); every one may be missing or null. */
export interface PriceFields {
  price?: number | null;
  listPrice?: number | null;
  promotionalPrice?: number | null;
  minPrice?: number | null;
  maxPrice?: number | null;
}

function finite(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The spec's price display rule (section 9):
 * - when listPrice exceeds price, listPrice is the struck price and price is current;
 * - otherwise a promotionalPrice replaces price when it is positive and lower (it replaces it: the
 *   spec shows no struck price in this case, and variant selection writes a variant's default price
 *   into promotionalPrice, so it is not always a discount);
 * - when maxPrice is present, a range from (minPrice ?? current) to maxPrice is shown as well.
 *
 * Decisions where the spec is silent:
 * - a missing or non-finite price counts as "no price": current is then a positive promotionalPrice,
 *   or 0;
 * - a maxPrice of 0 (or null, or non-finite) counts as absent, as a falsy check would treat it;
 * - a range is returned even when min equals max; the caller may collapse it.
 */
export function displayPrice(product: PriceFields): PriceDisplay {
  const price = finite(product.price);
  const listPrice = finite(product.listPrice);
  const promotionalPrice = finite(product.promotionalPrice);
  const minPrice = finite(product.minPrice);
  const maxPrice = finite(product.maxPrice);

  let result: PriceDisplay;
  if (price !== undefined && listPrice !== undefined && listPrice > price) {
    result = { current: price, struck: listPrice };
  } else if (
    promotionalPrice !== undefined &&
    promotionalPrice > 0 &&
    (price === undefined || promotionalPrice < price)
  ) {
    result = { current: promotionalPrice };
  } else {
    result = { current: price ?? 0 };
  }

  if (maxPrice !== undefined && maxPrice > 0) {
    result.range = { min: minPrice ?? result.current, max: maxPrice };
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Weight

/** The three weight units of the spec, with their thresholds in kilograms. */
const TONNE_IN_KG = 1000;
const GRAMS_IN_KG = 1000;
/** How a number that rounds up to the next unit's threshold reads at 2 decimals ('1.000'). */
const THRESHOLD_TEXT = decimal.format(1000);

/**
 * Formats a weight given in kilograms (spec: "1000 or more shown as t, 1 or more as kg, below 1 as g,
 * at most 2 decimals, Brazilian format"):
 * 1500 → '1,5 t', 2 → '2 kg', 1.25 → '1,25 kg', 0.5 → '500 g', 0.1234 → '123,4 g', 0 → '0 g'.
 *
 * - Number and unit are separated by a plain space (U+0020), like '2 kg'.
 * - A value that rounds up to the next unit at 2 decimals is shown in that unit: 999.999 kg reads
 *   '1 t', never '1.000 kg' (and 0.9999999 kg reads '1 kg', never '1.000 g').
 * - Negative, NaN and infinite weights return '' (a weight cannot be negative).
 */
export function formatWeight(kg: number): string {
  if (!Number.isFinite(kg) || kg < 0) return '';

  if (kg < 1) {
    const grams = decimal.format(kg * GRAMS_IN_KG);
    if (grams !== THRESHOLD_TEXT) return `${grams} g`;
  }
  if (kg < TONNE_IN_KG) {
    const kilograms = decimal.format(Math.max(kg, 1));
    if (kilograms !== THRESHOLD_TEXT) return `${kilograms} kg`;
  }
  return `${decimal.format(Math.max(kg / TONNE_IN_KG, 1))} t`;
}

// ---------------------------------------------------------------------------------------------------
// Subscription frequency

/** The unit words of each recurrence type, singular and plural (spec section 9). */
export const FREQUENCY_UNITS: Readonly<Record<RecurrenceType, { singular: string; plural: string }>> = {
  [RecurrenceType.Daily]: { singular: 'Dia', plural: 'Dias' },
  [RecurrenceType.Weekly]: { singular: 'Semana', plural: 'Semanas' },
  [RecurrenceType.Monthly]: { singular: 'Mês', plural: 'Meses' },
  [RecurrenceType.Yearly]: { singular: 'Ano', plural: 'Anos' },
};

function isRecurrenceType(type: number): type is RecurrenceType {
  return Object.hasOwn(FREQUENCY_UNITS, type);
}

/**
 * Formats a subscription recurrence: (Weekly, 1) → '1 Semana', (Weekly, 2) → '2 Semanas',
 * (Monthly, 3) → '3 Meses'. The unit is singular below 2 and plural otherwise, as the spec says.
 *
 * An unknown type, or a frequency that is not a positive finite number, returns '': "every 0 weeks"
 * is not an offer that can be shown.
 */
export function formatFrequency(type: number, frequency: number): string {
  if (!isRecurrenceType(type) || !Number.isFinite(frequency) || frequency <= 0) return '';
  const unit = FREQUENCY_UNITS[type];
  return `${decimal.format(frequency)} ${frequency < 2 ? unit.singular : unit.plural}`;
}

// ---------------------------------------------------------------------------------------------------
// Counts

const pluralRules = new Intl.PluralRules('pt-BR');

/**
 * A count with its noun in the right number: (1, 'item', 'itens') → '1 item', (3, …) → '3 itens'.
 * Portuguese plural rules (CLDR), the spec's frequency rule too: singular below 2.
 */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${decimal.format(count)} ${pluralRules.select(count) === 'one' ? singular : plural}`;
}
