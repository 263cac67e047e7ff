// Bodies a hostile caller announces or streams (defects 3 and 6 of issue 35):
// - a body announcing 1 GB is refused 413 at once, unread, and its connection closed, instead of being
//   read in full before the refusal;
// - a chunked body is counted as it streams and cut at the limit, the same way;
// - a GET announcing a body (Transfer-Encoding: identity, chunked, or a Content-Length) is refused 400
//   before anything is forwarded.
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { startTestBff } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupList, expectEnvelope, listenOnLoopback, rawCall, say } from './kit.ts';

const cleanups = cleanupList();
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: {}, errors: [] }));
    });
  });
  const address = await listenOnLoopback(server, cleanups);
  const bff = await startTestBff({
    upstreamUrl: address,
  });
  cleanups.add(() => bff.stop());
  port = Number(new URL(bff.url).port);
});
afterAll(() => cleanups.run());

type Streamed = {
  status: number;
  head: string;
  body: string;
  ms: number;
  sentBytes: number;
  closedByServer: boolean;
};

/**
 * Sends `head`, then keeps writing `chunk` as fast as the socket takes it for up to `forMs`; resolves
 * once the server answered and closed the connection (or the time is up).
 */
function streamAgainst(head: string, chunk: Buffer, forMs: number): Promise<Streamed> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let sentBytes = 0;
    let closedByServer = false;
    let writing = true;
    const stopAt = Date.now() + forMs;
    const pump = () => {
      while (writing && Date.now() < stopAt) {
        sentBytes += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    const done = () => {
      writing = false;
      clearTimeout(timer);
      socket.destroy();
      const end = received.indexOf('\r\n\r\n');
      resolve({
        status: Number(received.split(' ')[1] ?? 0),
        head: received.slice(0, end),
        body: received.slice(end + 4),
        ms: performance.now() - started,
        sentBytes,
        closedByServer,
      });
    };
    const timer = setTimeout(done, forMs + 2_000);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
    });
    socket.on('end', () => {
      closedByServer = true;
      done();
    });
    socket.on('close', () => {
      closedByServer = true;
      done();
    });
    socket.on('error', () => {});
    socket.write(head);
    pump();
  });
}

const MB = Buffer.alloc(1024 * 1024, 'a');

describe('bodies announced or streamed beyond the limit', () => {
  it('a POST announcing 1 GB is answered 413 at once and its connection closed: the body is never read', async () => {
    const before = hits.length;
    const answer = await streamAgainst(
      'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000000000\r\n\r\n',
      MB,
      10_000,
    );
    say(
      `big body: 413 after ${answer.ms.toFixed(0)} ms, ${(answer.sentBytes / 1e6).toFixed(1)} MB written before the server closed`,
    );
    expect(answer.status).toBe(413);
    expect(answer.head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.body).errors[0].type).toBe('payload_too_large');
    expect(answer.closedByServer).toBe(true);
    // Closed long before a gigabyte (or even 10 s of writing) went in.
    expect(answer.ms).toBeLessThan(3_000);
    expect(answer.sentBytes).toBeLessThan(200 * 1024 * 1024);
    expect(hits.length).toBe(before);
  });

  it('a chunked POST is cut at the limit as it streams: 413 and the connection closed', async () => {
    const before = hits.length;
    const chunk = Buffer.concat([
      Buffer.from(`${(64 * 1024).toString(16)}\r\n`),
      Buffer.alloc(64 * 1024, 'a'),
      Buffer.from('\r\n'),
    ]);
    const answer = await streamAgainst(
      'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
      chunk,
      10_000,
    );
    say(`chunked: 413 after ${answer.ms.toFixed(0)} ms, ${(answer.sentBytes / 1e6).toFixed(1)} MB written`);
    expect(answer.status).toBe(413);
    expect(answer.closedByServer).toBe(true);
    expect(answer.ms).toBeLessThan(3_000);
    expect(hits.length).toBe(before);
  });

  it.each([
    ['Transfer-Encoding: identity', ''],
    ['Transfer-Encoding: chunked', '0\r\n\r\n'],
    ['Content-Length: 2', '{}'],
  ])('a GET with %s is refused 400 before anything is forwarded', async (header, body) => {
    const before = hits.length;
    const answer = await rawCall(
      port,
      `GET /api/catalog/top HTTP/1.1\r\nHost: loja\r\n${header}\r\n\r\n${body}`,
    );
    expectEnvelope(answer, 400, header);
    expect(hits.length).toBe(before);
  });

  it('a plain GET and a small POST still pass', async () => {
    const before = hits.length;
    expect(
      (await rawCall(port, 'GET /api/catalog/top HTTP/1.1\r\nHost: loja\r\nConnection: close\r\n\r\n'))
        .status,
    ).toBe(200);
    const body = JSON.stringify({ searchQuery: 'café' });
    const post = await rawCall(
      port,
      `POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(post.status).toBe(200);
    expect(hits.slice(before)).toEqual(['GET /api/catalog/top', 'POST /api/catalog/products/search']);
  });
});
