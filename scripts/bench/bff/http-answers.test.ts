import { describe, expect, it } from 'vitest';
import { AnswerReader } from './http-answers.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const json = '{"success":true,"data":{"a":1},"errors":[]}';
const withLength = (status: number, extra = '') =>
  `HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\n${extra}Content-Length: ${json.length}\r\n\r\n${json}`;

/** Feeds `text` in pieces of `size` bytes; returns every answer read. */
function readInPieces(text: string, size: number) {
  const reader = new AnswerReader();
  const answers = [];
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) answers.push(...reader.feed(all.subarray(i, i + size)));
  return { answers, reader };
}

describe('AnswerReader', () => {
  it('reads answers with a Content-Length, whole or split at any byte', () => {
    const text = withLength(200) + withLength(503, 'Retry-After: 1\r\n') + withLength(404);
    for (const size of [1, 2, 7, 50, text.length]) {
      const { answers, reader } = readInPieces(text, size);
      expect(answers).toEqual([
        { status: 200, retryAfter: false, close: false },
        { status: 503, retryAfter: true, close: false },
        { status: 404, retryAfter: false, close: false },
      ]);
      expect(reader.midAnswer).toBe(false);
    }
  });

  it('reads chunked answers, extensions and trailers included', () => {
    const chunked =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
      `5;x=y\r\n${json.slice(0, 5)}\r\n${(json.length - 5).toString(16)}\r\n${json.slice(5)}\r\n0\r\nX-T: 1\r\n\r\n`;
    const text = chunked + withLength(200, 'Connection: close\r\n');
    for (const size of [1, 3, 16, text.length]) {
      expect(readInPieces(text, size).answers).toEqual([
        { status: 200, retryAfter: false, close: false },
        { status: 200, retryAfter: false, close: true },
      ]);
    }
  });

  it('an answer without a length ends with the connection; a cut one is not complete', () => {
    const reader = new AnswerReader();
    expect(reader.feed(bytes(`HTTP/1.1 502 Bad\r\n\r\n${json}`))).toEqual([]);
    expect(reader.end()).toEqual({ status: 502, retryAfter: false, close: false });

    const cut = new AnswerReader();
    expect(cut.feed(bytes(withLength(200).slice(0, -3)))).toEqual([]);
    expect(cut.midAnswer).toBe(true);
    expect(cut.end()).toBeUndefined();
  });

  it('204 and 304 carry no body', () => {
    const text = 'HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n';
    expect(readInPieces(text, 4).answers.map((a) => a.status)).toEqual([204, 304]);
  });

  it('refuses what is not HTTP', () => {
    expect(() => new AnswerReader().feed(bytes('SSH-2.0-x\r\n\r\n'))).toThrow(/not an HTTP/);
  });
});
