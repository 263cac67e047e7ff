// What the shopper reads of a refused call. The server may name a field by its key in the contract
// ('O campo name é inválido.'): an English word a shopper must never see. Such a message is replaced
// by a Portuguese one, and the key says which field of the screen it is about (the message goes under
// that field, so it needs no label; the checkout's own checks keep the others from being sent).
import type { ApiErrorItem } from '@/lib/api-client.ts';

/**
 * A key after 'campo'/'parâmetro': an identifier starting in lower case, then ' é', a stop or the end
 * ('O campo name é inválido.', 'O parâmetro coupon é inválido.'); 'O campo é obrigatório' names none.
 */
const KEY_IN_MESSAGE = /(?:campo|parâmetro) ([a-z][A-Za-z0-9.]*)(?= é|[.:,]|$)/;

/** The message under a text field over the contract's bound: one text for every field of the checkout. */
export const tooLongMessage = (max: number): string => `Use no máximo ${max} caracteres.`;

export const NOT_ACCEPTED_MESSAGE = 'Um valor informado não foi aceito. Confira o que foi digitado.';

/** The field key an error is about: the one it names (`field`) or the key its message names. */
export function keyOfError(error: Pick<ApiErrorItem, 'field' | 'message'>): string | undefined {
  return error.field || KEY_IN_MESSAGE.exec(error.message)?.[1]?.split('.')[0];
}

/** The message as it may be shown: the server's, or, when it names an English key, a Portuguese one. */
export const readableMessage = (message: string): string =>
  KEY_IN_MESSAGE.test(message) ? NOT_ACCEPTED_MESSAGE : message;
