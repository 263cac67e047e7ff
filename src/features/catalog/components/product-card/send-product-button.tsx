import { Spinner } from '@/components/ui/spinner.tsx';
import type { Product } from '@/contract/catalog.ts';
import { toast } from '@/lib/toast.ts';
import { SEND_PRODUCT_FAILED, useSendProduct } from '@/order/sends/send-product.ts';

export const PRODUCT_SENT = 'Produto enviado para o contato';

/**
 * Operator only: sends the product's details to the chat contact ('Enviar para o contato'). It has
 * its own in-progress state, with a spinner (spec section 4). From the card no option is chosen, so
 * the product goes with no attributes.
 */
export function SendProductButton({ product }: { product: Product }) {
  const send = useSendProduct();

  function onClick() {
    send.mutate(
      { providerId: product.providerId },
      {
        onSuccess: () => {
          toast.success(PRODUCT_SENT);
        },
        onError: (error) => {
          toast.error(error.message || SEND_PRODUCT_FAILED);
        },
      },
    );
  }

  return (
    <button
      type="button"
      className="product-card__button product-card__send"
      aria-label={`Enviar ${product.name} para o contato`}
      aria-busy={send.isPending || undefined}
      disabled={send.isPending}
      onClick={onClick}
    >
      {send.isPending ? <Spinner label="Enviando para o contato..." /> : 'Enviar para o contato'}
    </button>
  );
}
