import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod/mini';
import { envelopeOf } from '../../src/contract/envelope.ts';

/** What every /api and /tray JSON answer must be: the { success, data, errors } envelope. */
const envelopeSchema = envelopeOf(z.unknown());

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/**
 * Answers above this size are checked every time instead of being remembered: comparing bytes is
 * only worth it (and the memory only bounded) for the everyday answers of a few kilobytes.
 */
export const REMEMBERED_ANSWER_MAX_BYTES = 64 * 1024;

export type EnvelopeCheck = {
  /**
   * Why an answer is not the backend's JSON envelope, or undefined when it is. `key` names the call
   * (its allow-list route) the answer came from.
   */
  problemWith(key: object, method: string, headers: IncomingHttpHeaders, bytes: Buffer): string | undefined;
};

/**
 * The envelope check of the backend's answers, remembering per call the last answer it found
 * valid. Whether bytes are a valid envelope depends on the bytes alone, and most answers repeat
 * byte for byte (the shop's settings, the categories, the top sellers' first page, a product: the
 * same for every shopper), so an answer equal to the remembered one is not parsed again: comparing
 * a kilobyte costs a fraction of a microsecond, parsing it and checking its shape about ten
 * (docs/decisions/0011-api-calls-without-express.md). At most one answer per allow-list route, each
 * at most REMEMBERED_ANSWER_MAX_BYTES, so the memory stays bounded whatever the backend sends.
 */
export function createEnvelopeCheck(): EnvelopeCheck {
  const lastValid = new WeakMap<object, Buffer>();
  return {
    problemWith(key, method, headers, bytes) {
      if (method === 'HEAD') return undefined;
      if (!JSON_TYPE.test(String(headers['content-type'] ?? ''))) return 'not_json';
      const remembered = lastValid.get(key);
      if (remembered?.equals(bytes)) return undefined;
      const problem = envelopeProblem(bytes);
      // A copy: the answer's own buffer may be a slice of a shared pool.
      if (!problem && bytes.length <= REMEMBERED_ANSWER_MAX_BYTES) lastValid.set(key, Buffer.from(bytes));
      return problem;
    },
  };
}

/** Parses the bytes and checks the envelope's shape. */
function envelopeProblem(bytes: Buffer): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'bad_json';
  }
  return z.safeParse(envelopeSchema, parsed).success ? undefined : 'not_envelope';
}
