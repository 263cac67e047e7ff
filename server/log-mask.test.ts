import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from './bff/logger.ts';
import { isLuhnValid, maskCardNumbers, maskedCardNumber, maskLogLine } from './log-mask.ts';

/** Appends the Luhn check digit to a body of digits. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

/** Changes the check digit so the number is no longer Luhn-valid. */
const breakLuhn = (valid: string) => valid.slice(0, -1) + ((Number(valid.at(-1)) + 1) % 10);

const cardNumber = fc
  .integer({ min: 13, max: 19 })
  .chain((length) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length - 1, maxLength: length - 1 }),
  )
  .map(withCheckDigit);

const isCard = (digits: string) => digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits);

/**
 * The masking as first written, the reference the fast one must match: simple but cubic in the
 * number of digit groups (every span of groups from every group, built again each time), and its
 * JSON tokens quadratic on a string that never closes.
 */
const reference = {
  maskCardNumbers(text: string): string {
    if (!/\d(?:[ -]?\d){12}/.test(text)) return text;
    return text.replace(/(?<!\d)\d+(?:[ -]\d+)*(?!\d)/g, (run) => {
      const groups = run.split(/[ -]/);
      const separators = run.match(/[ -]/g) ?? [];
      const out: string[] = [];
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
    });
  },
  maskLogLine(line: string): string {
    const cardLike = /\d(?:[ -]?\d){12}/g;
    cardLike.lastIndex = /^\{"level":\d{1,3},"time":\d+(?=[,}])/.exec(line)?.[0].length ?? 0;
    if (!cardLike.test(line)) return line;
    let previous = '';
    return line.replace(/"(?:[^"\\]|\\.)*"|[^"]+/g, (token) => {
      if (token.startsWith('"')) {
        previous = token;
        return reference.maskCardNumbers(token);
      }
      const afterTime = previous === '"time"';
      previous = '';
      return token.replace(/(?<![\w.+])-?\d{13,19}(?![\w.])/g, (number, offset: number) => {
        if (afterTime && /^\s*:\s*$/.test(token.slice(0, offset))) return number;
        const digits = number.replace('-', '');
        return isCard(digits) ? `"${maskedCardNumber(digits)}"` : number;
      });
    });
  },
};

describe('isLuhnValid', () => {
  it('knows the classic test numbers', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6062825624254001']) {
      expect(isLuhnValid(n)).toBe(true);
    }
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('41111111111x1111')).toBe(false);
  });
});

describe('maskCardNumbers', () => {
  it('keeps the first six and last four digits of a card', () => {
    expect(maskedCardNumber('4111111111111111')).toBe('411111******1111');
    expect(maskCardNumbers('falhou 4111111111111111!')).toBe('falhou 411111******1111!');
    expect(maskCardNumbers('378282246310005')).toBe('378282*****0005');
  });

  it('masks cards written in groups, with spaces or hyphens, and inside paths', () => {
    expect(maskCardNumbers('n=4111 1111 1111 1111')).toBe('n=411111******1111');
    expect(maskCardNumbers('n=4111-1111-1111-1111.')).toBe('n=411111******1111.');
    expect(maskCardNumbers('3782 822463 10005')).toBe('378282*****0005');
    expect(maskCardNumbers('/api/order/payment/credit/4111111111111111')).toBe(
      '/api/order/payment/credit/411111******1111',
    );
    // A card followed by its expiry, or preceded by another number, is still found.
    expect(maskCardNumbers('4111 1111 1111 1111 12 2030')).toBe('411111******1111 12 2030');
    expect(maskCardNumbers('pedido 77 5555-5555-5555-4444')).toBe('pedido 77 555555******4444');
  });

  it('leaves runs that are not cards alone: order ids, timestamps, CPFs, long ids, phones', () => {
    for (const text of [
      'order 4111111111111112 failed', // Luhn-invalid
      'time 1712345678901', // 13 digits, not Luhn-valid
      '2026-05-06T12:34:56.789Z',
      'CPF 935.411.347-80',
      'id 41111111111111111111111', // 23 digits: no card is that long
      '(11) 98765-4321',
      'took 123 ms, status 402',
      '550e8400-e29b-41d4-a716-446655440000',
    ]) {
      expect(maskCardNumbers(text)).toBe(text);
    }
  });

  it('masks every generated Luhn-valid number of 13–19 digits, whole or in groups of 3 to 6', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom('', ' ', '-'),
        // Real groupings are 3 to 6 digits (4-4-4-4, 4-6-5); single digits apart are not a card number.
        fc.integer({ min: 3, max: 6 }),
        // A digit just before (even across a space or hyphen) may be taken as the card's first group.
        fc.string({ maxLength: 8 }).filter((s) => !/\d[\s-]*$/.test(s)),
        fc.string({ maxLength: 8 }).filter((s) => !/^[\s-]*\d/.test(s)),
        (number, separator, groupSize, before, after) => {
          const grouped = (number.match(new RegExp(`.{1,${groupSize}}`, 'g')) ?? []).join(separator);
          const masked = maskCardNumbers(`${before}${grouped}${after}`);
          expect(masked).toBe(`${before}${maskedCardNumber(number)}${after}`);
          expect(masked.replace(/\D/g, '')).not.toContain(number);
        },
      ),
    );
  });

  it('leaves every Luhn-invalid run of 13–19 digits as it was', () => {
    fc.assert(
      fc.property(cardNumber.map(breakLuhn), (number) => {
        expect(maskCardNumbers(`pedido ${number} ok`)).toBe(`pedido ${number} ok`);
      }),
    );
  });

  it('masks exactly as the simple cubic search did, on random digits, spaces, hyphens and letters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -ax'), maxLength: 80 }), (text) => {
        expect(maskCardNumbers(text)).toBe(reference.maskCardNumbers(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('masks exactly as the simple cubic search did, on random cards, digit groups and separators', () => {
    const piece = fc.oneof(
      cardNumber,
      cardNumber.map(breakLuhn),
      cardNumber.map((number) => (number.match(/.{1,4}/g) ?? []).join(' ')),
      cardNumber.map((number) => (number.match(/.{1,3}/g) ?? []).join('-')),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 6 }),
      fc.constantFrom(' ', '-', '  ', ' -', 'x', '.'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(maskCardNumbers(text)).toBe(reference.maskCardNumbers(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('maskLogLine', () => {
  it('masks cards in JSON strings and bare JSON numbers, keeps the line valid JSON and the time', () => {
    const line = `${JSON.stringify({
      level: 50,
      time: 1712345678907, // Luhn-valid 13 digits: pino's clock, not a card
      msg: 'cartão 4111 1111 1111 1111 recusado',
      req: { path: '/api/x/5555555555554444' },
      number: 378282246310005,
      orderId: 4111111111111112,
    })}\n`;
    expect(isLuhnValid('1712345678907')).toBe(true);
    const masked = maskLogLine(line);
    expect(JSON.parse(masked)).toEqual({
      level: 50,
      time: 1712345678907,
      msg: 'cartão 411111******1111 recusado',
      req: { path: '/api/x/555555******4444' },
      number: '378282*****0005',
      orderId: 4111111111111112,
    });
    expect(masked.endsWith('\n')).toBe(true);
  });

  it('leaves a line without card-length runs untouched (same string)', () => {
    const line = '{"level":30,"time":1712345678901,"msg":"request completed","responseTime":12}\n';
    expect(maskLogLine(line)).toBe(line);
  });

  it('skips only the time itself: a card right after it, or in a line not shaped like pino, is masked', () => {
    expect(maskLogLine('{"level":30,"time":1712345678907,"n":4111111111111111}\n')).toBe(
      '{"level":30,"time":1712345678907,"n":"411111******1111"}\n',
    );
    expect(maskLogLine('{"level":30,"time":1712345678907,"msg":"4111 1111 1111 1111"}')).toBe(
      '{"level":30,"time":1712345678907,"msg":"411111******1111"}',
    );
    expect(maskLogLine('{"time":4111111111111111,"level":30}')).toBe('{"time":4111111111111111,"level":30}');
    expect(maskLogLine('{"msg":"5555555555554444","level":30}')).toBe(
      '{"msg":"555555******4444","level":30}',
    );
  });

  it('masks exactly as the regular-expression tokens did, on random lines, JSON or broken', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '{"level":30,"time":1712345678907',
        '"time"',
        '"time":',
        '"msg":"',
        '"',
        '\\',
        '\\"',
        '\\\\',
        ':',
        ' ',
        ',',
        '{',
        '}',
        '[',
        ']',
        '\n',
        '\u2028',
        '-',
        '.',
        '+',
        '_',
        'a',
        'E',
        '-4111111111111111',
        '1712345678907',
        '4111111111111111',
        '5555-5555-5555-4444',
        '4111 1111 1111 1111',
      ),
      cardNumber,
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const line = pieces.join('');
        expect(maskLogLine(line)).toBe(reference.maskLogLine(line));
      }),
      { numRuns: 3000 },
    );
  });

  it('tokenizes strings that never close as the regular expression did: escapes, line breaks', () => {
    // A backslash before a line break ends a string that never closes; the quotes after it open new ones.
    expect(maskLogLine('"\\\n"4111111111111111"')).toBe('"\\\n"411111******1111"');
    expect(maskLogLine('"\\\u2028"4111111111111111"')).toBe('"\\\u2028"411111******1111"');
    // Quotes inside a string that never closes are escaped ones: they open nothing, what follows them
    // is read as bare numbers.
    expect(maskLogLine('"\\"4111111111111111 \\" -4111111111111111')).toBe(
      '"\\""411111******1111" \\" "411111******1111"',
    );
    const piece = fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\r',
      '\u2028',
      '\u2029',
      ' ',
      ':',
      '"time"',
      '4111111111111111',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const line = pieces.join('');
        expect(maskLogLine(line)).toBe(reference.maskLogLine(line));
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * The least processor time of three runs, in milliseconds: processor rather than wall-clock time, so
 * that other processes on a busy machine (parallel test files, a CI neighbour) do not count.
 */
function leastProcessorTime(run: () => unknown): number {
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const start = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(start);
    least = Math.min(least, (user + system) / 1000);
  }
  return least;
}

const KB = 1024;

/** Hostile texts of about `size` characters: what made the masking cubic or quadratic, and more. */
const HOSTILE: Record<string, (size: number) => string> = {
  "digit groups split by hyphens ('1-1-1-…')": (size) => '1-'.repeat(size / 2),
  "digit groups split by spaces, then a letter ('1 1 1 … x')": (size) => `${'1 '.repeat(size / 2)}x`,
  'digit groups of 1 to 7 digits split by spaces and hyphens': (size) => {
    let text = '';
    for (let k = 0; text.length < size; k++)
      text += `${(k * 7919) % 10 ** ((k % 7) + 1)}${k % 3 ? ' ' : '-'}`;
    return text;
  },
  "cards in groups, one after another ('4111 1111 1111 1111 …')": (size) =>
    '4111 1111 1111 1111 '.repeat(size / 20),
  'one plain run of digits': (size) => '4'.repeat(size),
  'cards written plain, one after another, as one run': (size) => '4111111111111111'.repeat(size / 16),
  'single-digit groups, then a long group': (size) => `${'4 '.repeat(18)}${'1'.repeat(size)}`,
  'a string that never closes, of escaped quotes (\'"\\"\\"…\'), then a card': (size) =>
    `"${'\\"'.repeat(size / 2)} 4111111111111111`,
  'backslashes, then a card': (size) => `"${'\\'.repeat(size)}4111111111111111`,
  'quotes, then a card': (size) => `${'"'.repeat(size)}4111111111111111`,
  'a "time" key, spaces, then a bare card number': (size) =>
    `{"level":30,"time":1712345678907,"time"${' '.repeat(size)}4111111111111111}`,
  'bare card numbers after a "time" key': (size) =>
    `{"level":30,"time":1712345678907,"x":{"time":[${'4111111111111111,'.repeat(size / 17)}1]}}`,
  'a pino time of many digits': (size) => `{"level":30,"time":${'1'.repeat(size)}x,"n":4111111111111111}`,
};

describe('masking hostile input takes time linear in its length', () => {
  for (const [name, hostile] of Object.entries(HOSTILE)) {
    it(`masks 4 KB and 8 KB of ${name} in under 50 ms, 64 KB in under 200 ms, 1 MB in linear time`, () => {
      const took = (size: number) => {
        const text = hostile(size);
        const line = `${JSON.stringify({ level: 30, time: 1712345678901, msg: text })}\n`;
        return leastProcessorTime(() => {
          maskCardNumbers(text);
          maskLogLine(text);
          maskLogLine(line);
        });
      };
      expect(took(4 * KB)).toBeLessThan(50);
      expect(took(8 * KB)).toBeLessThan(50);
      const at64KB = took(64 * KB);
      expect(at64KB).toBeLessThan(200);
      // 16 times the text: at most twice the time per character (V8's garbage collection costs more
      // per character for a 1 MB result than for a 64 KB one: 16x to 25x measured), where a quadratic
      // masking takes 256 times as long. The floor keeps a hiccup from failing a 64 KB run of 1 ms.
      expect(took(1024 * KB)).toBeLessThan(32 * Math.max(at64KB, 5));
    }, 30_000);
  }

  it('masks a 1 MB line of cards in groups, every one of them, the rest as it was', () => {
    const text = '4111 1111 1111 1111 exp 12/30; '.repeat((1024 * KB) / 32);
    expect(maskCardNumbers(text)).toBe('411111******1111 exp 12/30; '.repeat((1024 * KB) / 32));
    const line = `${JSON.stringify({ level: 30, time: 1712345678901, msg: text })}\n`;
    expect(JSON.parse(maskLogLine(line)).msg).toBe(maskCardNumbers(text));
  });

  it('finds the cards in long runs of digit groups as the simple search does, and none in 1-1-1-…', () => {
    // Mostly single digits: up to 20 groups within a card's length, all read ahead at once.
    const group = fc.oneof(
      { arbitrary: fc.constantFrom(...'0123456789'), weight: 6 },
      {
        arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 2, maxLength: 6 }),
        weight: 2,
      },
      { arbitrary: cardNumber.map((number) => (number.match(/.{1,4}/g) ?? []).join(' ')), weight: 1 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(group, fc.constantFrom(' ', '-')), { minLength: 40, maxLength: 80 }),
        (groups) => {
          const run = groups.map(([digits, separator]) => digits + separator).join('');
          expect(maskCardNumbers(run)).toBe(reference.maskCardNumbers(run));
        },
      ),
      { numRuns: 150 },
    );
    // No span of 13 to 19 ones is Luhn-valid.
    expect(maskCardNumbers('1-'.repeat(32 * KB))).toBe('1-'.repeat(32 * KB));
  });
});

describe('createLogger', () => {
  it('masks messages, error messages and child bindings of every line it writes', () => {
    let text = '';
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      }),
    );
    const child = logger.child({ path: '/api/order/payment/credit/4111111111111111' });
    child.error({ err: { message: 'número 5555-5555-5555-4444 inválido' } }, 'falhou %s', '378282246310005');
    expect(text).not.toMatch(/4111111111111111|5555-5555-5555-4444|378282246310005/);
    expect(JSON.parse(text)).toMatchObject({
      path: '/api/order/payment/credit/411111******1111',
      err: { message: 'número 555555******4444 inválido' },
      msg: 'falhou 378282*****0005',
    });
  });
});
