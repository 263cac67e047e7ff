// Card numbers never reach a log line whole (PCI DSS 3.3 / 3.4.1): any Luhn-valid run of 13–19
// digits, written plain or in groups split by single spaces or hyphens, keeps its first six and
// last four digits and loses the rest ('411111******1111'). Shared by the BFF's and the sandbox's logs.

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

const isDigit = (code: number) => code >= 48 && code <= 57; // NaN (past the end) is neither
const isSeparator = (code: number) => code === 32 || code === 45; // one space or one hyphen

/** The card number written at text[start, end), `count` digits maybe in groups, masked. */
function maskedCardAt(text: string, start: number, end: number, count: number): string {
  if (end - start === count) return maskedCardNumber(text.slice(start, end));
  let first = '';
  for (let p = start; first.length < 6; p++) if (isDigit(text.charCodeAt(p))) first += text[p];
  let last = '';
  for (let p = end - 1; last.length < 4; p--) if (isDigit(text.charCodeAt(p))) last = text[p] + last;
  return `${first}${'*'.repeat(count - 10)}${last}`;
}

/** Room for the group ends read ahead (at most 20: see maskCardNumbers); a power of two. */
const AHEAD = 32;
/** The k-th group end read ahead, from one of maskCardNumbers' rings. */
const at = (values: Int32Array, k: number) => values[k & (AHEAD - 1)] ?? 0;

/**
 * The text with every card number in it masked; everything else (order ids, timestamps) as is.
 *
 * A run of digits in groups split by single spaces or hyphens that is one group is a card when it is
 * one as a whole (a longer plain run, like an order id or a hash, is left alone); a run of groups
 * ('4111 1111 1111 1111', maybe followed by an expiry or preceded by other numbers) is searched for
 * any span of whole groups that is a card, longest first, from its first group on: a masked span
 * loses its separators, the search goes on with the group after it.
 *
 * One pass, linear in the text's length whatever it holds: every character is read once (a masked
 * card's twice). A card has 13 to 19 digits, so from a span's first group only the groups ending up
 * to 19 digits further are read ahead (at most 19, each has a digit, and one more to know) and only
 * spans of 13 to 19 digits are checked (at most 7), in constant time each: Luhn's sum of any span
 * comes from two running sums kept at every group's end, one doubling the run's digits at even
 * indexes, the other those at odd ones (Luhn doubles every second digit from the right, so a span
 * ending before index `to` doubles those whose index has the parity of `to`).
 */
export function maskCardNumbers(text: string): string {
  if (text.length < MIN_DIGITS || !MAYBE_CARD.test(text)) return text;
  // For each group end read ahead, in a ring ([head, tail) in use): where it is in the text, how
  // many digits of the run come before it, and both running sums of those digits, mod 10.
  const endAt = new Int32Array(AHEAD);
  const digitsBefore = new Int32Array(AHEAD);
  const evensDoubled = new Int32Array(AHEAD);
  const oddsDoubled = new Int32Array(AHEAD);
  let masked = '';
  let copied = 0; // text[0, copied) is in `masked` already
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    // A run of digit groups starts at i (the character before it, if any, is no digit).
    let head = 0;
    let tail = 0;
    let next = i; // where the next group to read starts; -1 once the run's last group is read
    let count = 0; // digits read in the run
    let evens = 0;
    let odds = 0;
    // The span's first group: where it starts, and the digits and sums before it.
    let spanStart = i;
    let spanCount = 0;
    let spanEvens = 0;
    let spanOdds = 0;
    for (;;) {
      while (next !== -1 && (head === tail || at(digitsBefore, tail - 1) - spanCount <= MAX_DIGITS)) {
        let end = next;
        for (let code = text.charCodeAt(end); isDigit(code); code = text.charCodeAt(++end)) {
          const digit = code - 48;
          const doubled = digit < 5 ? digit * 2 : digit * 2 - 9;
          evens = (evens + (count % 2 === 0 ? doubled : digit)) % 10;
          odds = (odds + (count % 2 === 0 ? digit : doubled)) % 10;
          count++;
        }
        const slot = tail & (AHEAD - 1);
        endAt[slot] = end;
        digitsBefore[slot] = count;
        evensDoubled[slot] = evens;
        oddsDoubled[slot] = odds;
        tail++;
        next = isSeparator(text.charCodeAt(end)) && isDigit(text.charCodeAt(end + 1)) ? end + 1 : -1;
      }
      // The longest span from the span's first group to a group's end that is a card, if any.
      let card = -1;
      for (let k = tail - 1; k >= head; k--) {
        const to = at(digitsBefore, k);
        if (to - spanCount > MAX_DIGITS) continue;
        if (to - spanCount < MIN_DIGITS) break;
        const luhn = to % 2 === 0 ? at(evensDoubled, k) - spanEvens : at(oddsDoubled, k) - spanOdds;
        if (luhn === 0) {
          card = k;
          break;
        }
      }
      if (card !== -1) {
        const end = at(endAt, card);
        masked +=
          text.slice(copied, spanStart) +
          maskedCardAt(text, spanStart, end, at(digitsBefore, card) - spanCount);
        copied = end;
      }
      // On with the group after the card, or after the span's first group.
      const last = card === -1 ? head : card;
      head = last + 1;
      spanStart = at(endAt, last) + 1;
      spanCount = at(digitsBefore, last);
      spanEvens = at(evensDoubled, last);
      spanOdds = at(oddsDoubled, last);
      if (head === tail && next === -1) break;
    }
    i = spanStart - 1; // the end of the run's last group
  }
  return copied === 0 ? text : masked + text.slice(copied);
}

/** How pino starts a line: its level, then its own `time` in epoch milliseconds. */
const PINO_LINE_START = /^\{"level":\d{1,3},"time":\d+(?=[,}])/;
/** MAYBE_CARD, searched from a given index (`lastIndex`). */
const CARD_AFTER_TIME = new RegExp(MAYBE_CARD.source, 'g');
/** What stands between a key and its value: a colon, maybe with whitespace around it. */
const KEY_VALUE_SEPARATOR = /^\s*:\s*/;

const QUOTE = 34;
const BACKSLASH = 92;
/** What `.` in a regular expression does not match. */
const isLineTerminator = (code: number) => code === 10 || code === 13 || code === 0x2028 || code === 0x2029;

/**
 * Where the JSON string token opening with the quote at `open` ends (after its closing quote), or,
 * as a negative number -(f + 1), where it was found never to close: at `f`, the end of the line or a
 * backslash before a line terminator. The tokens are those of /"(?:[^"\\]|\\.)*"|[^"]+/g, found in
 * one pass: that expression would read again, from every quote inside a string that never closes
 * ('"\"\"\"…', escaped quotes), up to where it fails, quadratic in the line's length.
 */
function stringTokenEnd(line: string, open: number): number {
  let i = open + 1;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    if (code !== BACKSLASH) i++;
    else if (i + 1 < line.length && !isLineTerminator(line.charCodeAt(i + 1))) i += 2;
    else break;
  }
  return -(i + 1);
}

/**
 * Masks one serialized JSON log line (pino's `hooks.streamWrite`): card numbers inside every JSON
 * string (messages, error messages, paths, keys) and bare numbers that are cards, which become
 * quoted masks so the line stays valid JSON. pino's own `time` (epoch milliseconds) is left alone.
 * Linear in the line's length, whatever the line holds.
 */
export function maskLogLine(line: string): string {
  // Every pino line starts with its `time`, 13 digits like a card's: look for card-like digits only
  // after it, or every line would take the slow path below (which leaves the time alone anyway).
  CARD_AFTER_TIME.lastIndex = PINO_LINE_START.exec(line)?.[0].length ?? 0;
  if (!CARD_AFTER_TIME.test(line)) return line;
  let masked = '';
  let copied = 0; // line[0, copied) is in `masked` already
  let previous = ''; // the string token just before, if nothing came in between
  // A quote inside a string that never closes is an escaped one (`\"`): the string it would open
  // reads on from the same character, and never closes either.
  let neverClosesBefore = 0;
  let i = 0;
  while (i < line.length) {
    let end: number;
    let token: string;
    let maskedToken: string;
    if (line.charCodeAt(i) === QUOTE) {
      end = i < neverClosesBefore ? -1 : stringTokenEnd(line, i);
      if (end < 0) {
        // A quote that opens no string is no token: it stays as it is.
        neverClosesBefore = Math.max(neverClosesBefore, -end - 1);
        i++;
        continue;
      }
      token = line.slice(i, end);
      maskedToken = maskCardNumbers(token);
      previous = token;
    } else {
      // A stretch of the line up to the next quote: numbers, punctuation, whitespace.
      const quoteAt = line.indexOf('"', i);
      end = quoteAt === -1 ? line.length : quoteAt;
      token = line.slice(i, end);
      maskedToken = maskBareNumbers(token, previous === '"time"');
      previous = '';
    }
    if (maskedToken !== token) {
      masked += line.slice(copied, i) + maskedToken;
      copied = end;
    }
    i = end;
  }
  return copied === 0 ? line : masked + line.slice(copied);
}

/** What the regular expression `\w` matches: an ASCII letter or digit, or an underscore. */
const isWordCharacter = (code: number) =>
  isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const HYPHEN = 45;
const DOT = 46;
const PLUS = 43;

/**
 * Bare numbers that are cards become quoted masks; the value of a `time` key is left alone. A bare
 * number is what /(?<![\w.+])-?\d{13,19}(?![\w.])/g finds (a whole run of 13 to 19 digits, maybe
 * with a minus, not part of a word, a decimal or an exponent), found here in one pass without a
 * call and a match per number.
 */
function maskBareNumbers(stretch: string, afterTime: boolean): string {
  if (stretch.length < MIN_DIGITS) return stretch;
  // The number right after the colon (`"time": 1712345678907`), if the stretch starts with one.
  const timeAt = afterTime ? (KEY_VALUE_SEPARATOR.exec(stretch)?.[0].length ?? -1) : -1;
  const takesNoNumber = (code: number) => !isWordCharacter(code) && code !== DOT && code !== PLUS;
  let masked = '';
  let copied = 0; // stretch[0, copied) is in `masked` already
  let i = 0;
  while (i < stretch.length) {
    if (!isDigit(stretch.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (isDigit(stretch.charCodeAt(i))) i++;
    // A whole run of digits, [start, i).
    if (i - start < MIN_DIGITS || i - start > MAX_DIGITS) continue;
    const after = stretch.charCodeAt(i);
    if (isWordCharacter(after) || after === DOT) continue;
    const before = stretch.charCodeAt(start - 1); // NaN at the stretch's start
    let number: number; // where the number starts: at its minus, if it has one
    if (before === HYPHEN && takesNoNumber(stretch.charCodeAt(start - 2))) number = start - 1;
    else if (takesNoNumber(before)) number = start;
    else continue;
    if (number === timeAt) continue;
    const digits = stretch.slice(start, i);
    if (!isLuhnValid(digits)) continue;
    masked += `${stretch.slice(copied, number)}"${maskedCardNumber(digits)}"`;
    copied = i;
  }
  return copied === 0 ? stretch : masked + stretch.slice(copied);
}
