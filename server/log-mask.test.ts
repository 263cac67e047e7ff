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
