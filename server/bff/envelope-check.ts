import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod/mini';
import { envelopeOf } from '../../src/contract/envelope.ts';

/** What every /api and /tray JSON answer must be: the { success, data, errors } envelope. */
const envelopeSchema = envelopeOf(z.unknown());

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** Why an answer is not the backend's JSON envelope, or undefined when it is. */
export function envelopeProblem(headers: IncomingHttpHeaders, bytes: Buffer): string | undefined {
  if (!JSON_TYPE.test(String(headers['content-type'] ?? ''))) return 'not_json';
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'bad_json';
  }
  return z.safeParse(envelopeSchema, parsed).success ? undefined : 'not_envelope';
}
