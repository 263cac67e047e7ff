import type { IncomingMessage, ServerResponse } from 'node:http';
import typeIs from 'type-is';
import { sendError } from './errors.ts';

/**
 * The one way a call's body is read (dispatch.ts), for every row of the call table:
 * - a GET carries none: one announcing a body (Content-Length above 0, or any Transfer-Encoding,
 *   `identity` included) is refused with 400 before anything is forwarded;
 * - a POST's body is at most its row's limit: a Content-Length above it is refused with 413 at once,
 *   unread, and a chunked body is counted as it streams and cut at the limit. Either way the
 *   connection closes after the answer, so nothing more is read from it;
 * - compressed bodies are refused (415): a few KB could inflate to gigabytes;
 * - a body that is there must be JSON (415 otherwise) and parse (400 otherwise).
 * The answer is `undefined` when the call was refused (its envelope already written), else the
 * body's bytes and its parsed JSON (both undefined for an empty body).
 */
export type ReadBody = { bytes?: Buffer; json?: unknown };

const NOT_JSON = 'O corpo da requisição não é um JSON válido.';

type Refusal = 'payload_too_large' | 'bad_request' | 'unsupported_media_type';

/** The row's own words for any refusal (the session open: 'Código de sessão inválido.'), or the kind's. */
function refuse(res: ServerResponse, kind: Refusal, invalidBody: string | undefined, message?: string) {
  if (invalidBody) sendError(res, 'bad_request', invalidBody);
  else sendError(res, kind, message);
}

/** Refuses and closes the connection once the answer is written: the rest of the body stays unread. */
function refuseAndClose(req: IncomingMessage, res: ServerResponse, kind: Refusal, invalidBody?: string) {
  res.setHeader('Connection', 'close');
  refuse(res, kind, invalidBody);
  res.once('finish', () => req.socket.destroy());
}

/** A GET (or anything without a body of its own) that announces one. */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function refuseBodyOnGet(req: IncomingMessage, res: ServerResponse): boolean {
  if (!announcesBody(req)) return false;
  refuseAndClose(req, res, 'bad_request');
  return true;
}

export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limitBytes: number,
  invalidBody?: string,
): Promise<ReadBody | undefined> {
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    refuseAndClose(req, res, 'unsupported_media_type', invalidBody);
    return Promise.resolve(undefined);
  }
  const announced = req.headers['content-length'];
  if (announced !== undefined && Number(announced) > limitBytes) {
    refuseAndClose(req, res, 'payload_too_large', invalidBody);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (answer: ReadBody | undefined) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
      resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        req.pause();
        refuseAndClose(req, res, 'payload_too_large', invalidBody);
        done(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      done(checked(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), invalidBody));
    // The client went away mid-body: nothing to answer.
    const onError = () => {
      res.destroy();
      done(undefined);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('aborted', onError);
  });
}

function checked(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Buffer | undefined,
  invalidBody: string | undefined,
): ReadBody | undefined {
  if (!bytes || bytes.length === 0) return {};
  if (!typeIs.is(req.headers['content-type'] ?? '', ['json'])) {
    refuse(res, 'unsupported_media_type', invalidBody);
    return undefined;
  }
  try {
    return { bytes, json: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    refuse(res, 'bad_request', invalidBody, NOT_JSON);
    return undefined;
  }
}
