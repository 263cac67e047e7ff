import { useMutation } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import type { ItemAttributeInput, SendProductBody } from '@/contract/order.ts';
import { pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';

export const SEND_PRODUCT_FAILED = 'Não foi possível enviar os detalhes do produto.';

/** Marks a product id reloaded under a variant option: '<id>Variant=<option providerId>'. */
export const VARIANT_MARKER = 'Variant=';

export type SendProductInput = {
  /** The product's providerId as the catalogue answered it. */
  providerId: string;
  /** The attribute options chosen (products whose options are not redirectable). */
  attributes?: readonly ItemAttributeInput[];
  /**
   * A chosen variant option: the product is then sent as '<providerId>Variant=<option id>' with no
   * attributes (spec section 7).
   */
  variantOptionId?: string;
};

/** The id in the path and the body of a product send (spec section 7). */
export function sendProductRequest(input: SendProductInput): { id: string; body: SendProductBody } {
  if (input.variantOptionId) {
    const id = `${input.providerId}${VARIANT_MARKER}${input.variantOptionId}`;
    return { id, body: { providerId: id, attributes: [] } };
  }
  return {
    id: input.providerId,
    body: { providerId: input.providerId, attributes: [...(input.attributes ?? [])] },
  };
}

/** POST /api/order/send/product/{id}: the operator sends the product's details to the chat contact. */
export async function sendProduct(input: SendProductInput): Promise<void> {
  const { id, body } = sendProductRequest(input);
  await call(orderCalls.sendProduct, { params: { id: pathValue(id) }, body }, SEND_PRODUCT_FAILED);
}

/** The product send as a mutation; feedback (spinner, toasts) is the caller's. */
export function useSendProduct() {
  return useMutation({ mutationFn: sendProduct });
}
