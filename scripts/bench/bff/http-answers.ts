// The load generator's reading of HTTP/1.1 answers (scripts/bench/bff/load.ts): just enough to know
// where one answer ends on a keep-alive connection and what it was. The status, whether it carried
// Retry-After, whether the server will close the connection; the body is skipped, by Content-Length or
// chunk by chunk. No general client (undici, node:http) here: their per-call cost would be the load
// core's, shared with the stub backend, and they are what the bare Node proxy measures.

/** One answer read to its end. */
export type Answer = { status: number; retryAfter: boolean; close: boolean };

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

type BodyState =
  | { kind: 'none' }
  | { kind: 'length'; left: number }
  /** `left`: bytes of the current chunk still to skip, then its CRLF; -1 while reading a size line. */
  | { kind: 'chunked'; left: number; trailer: boolean }
  | { kind: 'until-close' };

/** Reads the answers of one connection, chunk after chunk as they arrive. */
export class AnswerReader {
  private pending: Buffer | undefined;
  private head: Answer | undefined;
  private body: BodyState = { kind: 'none' };

  /** Feeds bytes; returns the answers completed by them (one, on a connection without pipelining). */
  feed(chunk: Buffer): Answer[] {
    const done: Answer[] = [];
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    while (data.length > 0) {
      if (!this.head) {
        const end = data.indexOf(HEADER_END);
        if (end < 0) {
          this.pending = data;
          return done;
        }
        this.startAnswer(data.toString('latin1', 0, end));
        data = data.subarray(end + HEADER_END.length);
        if (this.body.kind === 'none') {
          done.push(this.finish());
          continue;
        }
      }
      data = this.skipBody(data);
      if (this.body.kind === 'none' && this.head) done.push(this.finish());
    }
    return done;
  }

  /** The connection ended: an answer read until the close is complete; any other is cut off. */
  end(): Answer | undefined {
    if (this.head && this.body.kind === 'until-close') return this.finish();
    return undefined;
  }

  /** Whether an answer has begun and is not complete yet. */
  get midAnswer(): boolean {
    return this.head !== undefined || this.pending !== undefined;
  }

  private startAnswer(headText: string) {
    const lines = headText.split('\r\n');
    const status = Number(lines[0]?.slice(9, 12));
    if (!lines[0]?.startsWith('HTTP/1.') || !Number.isInteger(status)) {
      throw new Error(`not an HTTP/1.x answer: ${JSON.stringify(lines[0]?.slice(0, 40))}`);
    }
    let length: number | undefined;
    let chunked = false;
    let close = lines[0].startsWith('HTTP/1.0');
    let retryAfter = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.split(',').some((v) => v.trim() === 'chunked');
      else if (name === 'connection') close = value.split(',').some((v) => v.trim() === 'close');
      else if (name === 'retry-after') retryAfter = true;
    }
    this.head = { status, retryAfter, close };
    const bodiless = status === 204 || status === 304 || (status >= 100 && status < 200);
    if (bodiless) this.body = { kind: 'none' };
    else if (chunked) this.body = { kind: 'chunked', left: -1, trailer: false };
    else if (length !== undefined && Number.isFinite(length)) {
      this.body = length > 0 ? { kind: 'length', left: length } : { kind: 'none' };
    } else this.body = { kind: 'until-close' };
  }

  /** Skips what `data` holds of the body; returns what is left after the body's end. */
  private skipBody(data: Buffer): Buffer {
    const body = this.body;
    if (body.kind === 'until-close') return data.subarray(data.length);
    if (body.kind === 'length') {
      const taken = Math.min(body.left, data.length);
      body.left -= taken;
      if (body.left === 0) this.body = { kind: 'none' };
      return data.subarray(taken);
    }
    if (body.kind !== 'chunked') return data;
    let rest = data;
    while (rest.length > 0) {
      if (body.left >= 0) {
        // Chunk data, then its CRLF (counted in `left`).
        const taken = Math.min(body.left, rest.length);
        body.left -= taken;
        rest = rest.subarray(taken);
        if (body.left === 0) body.left = -1;
        continue;
      }
      const lineEnd = rest.indexOf(CRLF);
      if (lineEnd < 0) {
        this.pending = rest;
        return rest.subarray(rest.length);
      }
      const line = rest.toString('latin1', 0, lineEnd);
      rest = rest.subarray(lineEnd + CRLF.length);
      if (body.trailer) {
        // Trailer lines until the empty one that ends the answer.
        if (line === '') {
          this.body = { kind: 'none' };
          return rest;
        }
        continue;
      }
      const size = Number.parseInt(line.split(';')[0] ?? '', 16);
      if (!Number.isFinite(size))
        throw new Error(`bad chunk size line: ${JSON.stringify(line.slice(0, 20))}`);
      if (size === 0) body.trailer = true;
      else body.left = size + CRLF.length;
    }
    return rest;
  }

  private finish(): Answer {
    const answer = this.head as Answer;
    this.head = undefined;
    this.body = { kind: 'none' };
    return answer;
  }
}
