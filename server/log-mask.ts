// Card numbers never reach a log line whole (PCI DSS 3.3 / 3.4.1): any Luhn-valid run of 13–19
// digits, written plain or in groups split by single spaces or hyphens, keeps its first six and
// last four digits and loses the rest ('411111******1111'). Shared by the BFF's and the sandbox's logs.

/** Digits, possibly in groups joined by one space or hyphen, not touching other digits. */
const DIGIT_RUN = /(?<!\d)\d+(?:[ -]\d+)*(?!\d)/g;
/** Cheap test first: a line without 13 digits in a row (separators allowed) has nothing to mask. */
const MAYBE_CARD = /\d(?:[ -]?\d){12}/;

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** First six and last four digits; the middle ones become asterisks. */
export function maskedCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

const isCard = (digits: string) =>
  digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS && isLuhnValid(digits);

/**
 * Masks one run of digit groups. A run of a single group is a card when it is one as a whole (a
 * longer plain run, like an order id or a hash, is left alone); a run of groups ('4111 1111 1111
 * 1111', maybe followed by an expiry or preceded by other numbers) is searched for any span of whole
 * groups that is a card, longest first.
 */
function maskRun(run: string): string {
  const groups = run.split(/[ -]/);
  if (groups.length === 1) return isCard(run) ? maskedCardNumber(run) : run;
  const out: string[] = [];
  const separators = run.match(/[ -]/g) ?? [];
  let i = 0;
  while (i < groups.length) {
    let matched = 0;
    for (let end = groups.length; end > i; end--) {
      const digits = groups.slice(i, end).join('');
      if (isCard(digits)) {
        out.push(maskedCardNumber(digits));
        matched = end - i;
        break;
      }
    }
    if (matched === 0) {
      out.push(groups[i] ?? '');
      matched = 1;
    }
    i += matched;
    if (i < groups.length) out.push(separators[i - 1] ?? ' ');
  }
  return out.join('');
}

/** The text with every card number in it masked; everything else (order ids, timestamps) as is. */
export function maskCardNumbers(text: string): string {
  if (!MAYBE_CARD.test(text)) return text;
  return text.replace(DIGIT_RUN, maskRun);
}

/** A JSON string token, or a stretch of the line between two of them. */
const JSON_TOKENS = /"(?:[^"\\]|\\.)*"|[^"]+/g;
/** How pino starts a line: its level, then its own `time` in epoch milliseconds. */
const PINO_LINE_START = /^\{"level":\d{1,3},"time":\d+(?=[,}])/;
/** MAYBE_CARD, searched from a given index (`lastIndex`). */
const CARD_AFTER_TIME = new RegExp(MAYBE_CARD.source, 'g');
/** A bare JSON number of card length (a card sent as a number and logged as one). */
const BARE_NUMBER = /(?<![\w.+])-?\d{13,19}(?![\w.])/g;

/**
 * Masks one serialized JSON log line (pino's `hooks.streamWrite`): card numbers inside every JSON
 * string (messages, error messages, paths, keys) and bare numbers that are cards, which become
 * quoted masks so the line stays valid JSON. pino's own `time` (epoch milliseconds) is left alone.
 */
export function maskLogLine(line: string): string {
  // Every pino line starts with its `time`, 13 digits like a card's: look for card-like digits only
  // after it, or every line would take the slow path below (which leaves the time alone anyway).
  CARD_AFTER_TIME.lastIndex = PINO_LINE_START.exec(line)?.[0].length ?? 0;
  if (!CARD_AFTER_TIME.test(line)) return line;
  let previous = '';
  return line.replace(JSON_TOKENS, (token) => {
    if (token.startsWith('"')) {
      previous = token;
      return maskCardNumbers(token);
    }
    const afterTime = previous === '"time"';
    previous = '';
    return token.replace(BARE_NUMBER, (number, offset: number) => {
      if (afterTime && /^\s*:\s*$/.test(token.slice(0, offset))) return number;
      const digits = number.replace('-', '');
      return isCard(digits) ? `"${maskedCardNumber(digits)}"` : number;
    });
  });
}
