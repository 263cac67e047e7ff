import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { WindowBottomBar } from '@/components/ui/window-bottom-bar.tsx';
import type { Product, ProductDimension, SubscriptionOffer } from '@/contract/catalog.ts';
import type { ItemAttributeInput, Order, OrderItemUpdate } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, useUpdateOrderItem } from '@/order/api/update-order-item.ts';
import { QuantityPicker } from '@/order/quantity/quantity-picker.tsx';
import {
  CHOOSE_STORE_FIRST,
  CHOOSE_STORE_PATH,
  canChangeQuantity,
  useStoreNotChosen,
} from '@/order/seller-step.ts';
import { SEND_PRODUCT_FAILED, useSendProduct } from '@/order/sends/send-product.ts';
import { SubscriptionMenu } from '@/order/subscription/subscription-menu.tsx';
import { useLoadedSession } from '@/session/use-session.ts';
import { useLeaveAfterAdd } from './use-leave-after-add.ts';
import './product-actions.css';

export const ADDED_TO_CART = 'Produto adicionado ao carrinho';
export const PRODUCT_SENT = 'Produto enviado para o contato';
export const RESTRICTED_SALE_NOTE = 'Venda restrita: peça ao atendente';

export type ProductActionsProps = {
  product: Product;
  /** The dimension the chosen options match, or undefined (none chosen or an incomplete choice). */
  dimension: ProductDimension | undefined;
  /** The chosen attribute options, sent with the item and with a product send. */
  attributes: readonly ItemAttributeInput[];
  /** The product has dimensions: one must be chosen before adding, and the page stays after it. */
  hasDimensions: boolean;
  /** A chosen redirectable option: the operator's send goes as '<id>Variant=<option id>'. */
  variantOptionId?: string;
  /** The price the shopper pays for what is chosen (the variant's), shown in the phone's bar. */
  price?: number;
  /** 'Preço', or 'A partir de' while the variants' prices differ and none is chosen. */
  priceLabel?: string;
  /**
   * The options still to choose before the product can be added (a product with dimensions): the
   * button names them ('Escolha cor e tamanho') and leads to the first.
   */
  missingChoices?: readonly MissingChoice[];
};

/** An attribute whose option is not chosen yet: its id and its name as the page shows it. */
export type MissingChoice = { id: string; name: string };

/** 'Escolha cor e tamanho': the missing attributes' names, lower-cased, as a Portuguese list. */
export function chooseLabel(missing: readonly MissingChoice[]): string {
  const names = missing.map((choice) => choice.name.toLocaleLowerCase('pt-BR'));
  return `Escolha ${new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(names)}`;
}

/** Takes the shopper to the first option of the first attribute still to choose. */
function goToChoice(choice: MissingChoice) {
  const options = document.getElementById(`atributo-${choice.id}`)?.closest('fieldset');
  const first = options?.querySelector<HTMLButtonElement>('button:not(:disabled)');
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.focus({ preventScroll: true });
}

/**
 * Why the product cannot be added right now (spec sections 4 and 5):
 * - 'inactive': out of stock;
 * - 'restricted': restricted sale while the shop disables it, for anyone but a platform user;
 * - 'no-order': the current order has not loaded;
 * - 'no-store': the flow's seller step is on and the operator has not chosen the store yet, so nothing
 *   more may go into the order (canChangeQuantity, contract/seller-step.ts);
 * - 'no-dimension': the product has dimensions and the chosen options match none;
 * - 'unavailable': the chosen dimension is not available.
 */
export type ProductAddBlock =
  | 'inactive'
  | 'restricted'
  | 'no-order'
  | 'no-store'
  | 'no-dimension'
  | 'unavailable';

const hasOrder = (order: Order | undefined) => order !== undefined;

/** Only what the strict item update accepts: a tolerant offer may carry extra fields. */
const subscriptionInput = (offer: SubscriptionOffer): NonNullable<OrderItemUpdate['subscription']> => ({
  recurrence: { type: offer.recurrence.type, frequency: offer.recurrence.frequency },
});

/** The item update of an add from the product page: no index, so the server adds to the same line. */
export function addItemBody(
  {
    product,
    dimension,
    attributes,
    hasDimensions,
  }: Pick<ProductActionsProps, 'product' | 'dimension' | 'attributes' | 'hasDimensions'>,
  quantity: number,
  subscription?: SubscriptionOffer,
): OrderItemUpdate {
  const body: OrderItemUpdate = { providerId: product.providerId, quantity };
  const sku = hasDimensions ? dimension?.sku : product.sku;
  if (sku) body.sku = sku;
  if (attributes.length > 0) {
    body.attributes = attributes.map(({ providerId, optionProviderId, redirectable }) =>
      redirectable === undefined
        ? { providerId, optionProviderId }
        : { providerId, optionProviderId, redirectable },
    );
  }
  if (subscription) body.subscription = subscriptionInput(subscription);
  return body;
}

/**
 * The product page's actions: the quantity picker, 'Adicionar', the 'Assinar' dropdown (when the
 * product has subscription offers) and, for platform users, 'Enviar detalhes do produto'.
 */
export function ProductActions(props: ProductActionsProps) {
  const {
    product,
    dimension,
    attributes,
    hasDimensions,
    variantOptionId,
    price,
    priceLabel,
    missingChoices = [],
  } = props;
  const { settings, isPlatformUser } = useLoadedSession();
  // The top bar loads the order; the page only reads it.
  const { data: orderExists = false } = useQuery({ ...currentOrderQuery, enabled: false, select: hasOrder });
  const storeLocked = useStoreNotChosen();
  const update = useUpdateOrderItem();
  const send = useSendProduct();
  const leaveAfterAdd = useLeaveAfterAdd();
  const [quantity, setQuantity] = useState(1);
  const noteId = useId();

  const restricted = Boolean(
    product.isRestrictedSale && settings?.disableRestrictedProducts && !isPlatformUser,
  );
  let blocked: ProductAddBlock | undefined;
  if (product.isActive === false) blocked = 'inactive';
  else if (restricted) blocked = 'restricted';
  else if (!orderExists) blocked = 'no-order';
  else if (!canChangeQuantity(storeLocked, 0, quantity)) blocked = 'no-store';
  else if (hasDimensions && !dimension) blocked = 'no-dimension';
  else if (hasDimensions && dimension?.isAvailable === false) blocked = 'unavailable';

  const pending = update.isPending ? (update.variables?.subscription ? 'subscribe' : 'add') : undefined;
  const disabled = blocked !== undefined || pending !== undefined;
  // Options still to choose: the button says which and leads there instead of sitting disabled.
  const firstChoice = blocked === 'no-dimension' ? missingChoices[0] : undefined;
  const describedBy = restricted || blocked === 'no-store' ? noteId : undefined;

  function add(subscription?: SubscriptionOffer) {
    if (disabled) return;
    const leave = leaveAfterAdd();
    update.mutate(addItemBody(props, quantity, subscription), {
      onSuccess: () => {
        toast.success(ADDED_TO_CART);
        // A product without dimensions is done: back to where the shopper came from.
        if (!hasDimensions) leave();
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_ORDER_ITEM_FAILED);
      },
    });
  }

  function sendToContact() {
    if (send.isPending) return;
    send.mutate(
      variantOptionId
        ? { providerId: product.providerId, variantOptionId }
        : { providerId: product.providerId, attributes },
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
    <div className="product-actions">
      {/* Read-only when the product cannot be bought: a restricted sale (spec section 5), or out of stock. */}
      <QuantityPicker
        value={quantity}
        onChange={setQuantity}
        readOnly={restricted || blocked === 'inactive'}
        describedBy={describedBy}
      />
      {restricted ? (
        <p id={noteId} className="product-actions__note">
          {RESTRICTED_SALE_NOTE}
        </p>
      ) : null}
      {blocked === 'no-store' ? (
        <>
          <p id={noteId} className="product-actions__note">
            {CHOOSE_STORE_FIRST}
          </p>
          <Link to={CHOOSE_STORE_PATH} className="product-actions__store-link">
            Escolher a loja
          </Link>
        </>
      ) : null}
      {/* On a phone the price and the add stay at the window's bottom (window-bottom-bar.css). */}
      <WindowBottomBar
        className="product-actions__buttons"
        total={price}
        label={priceLabel ?? 'Preço'}
        totalClassName="product-actions__price"
      >
        {firstChoice ? (
          <button
            type="button"
            className="button product-actions__button product-actions__add"
            onClick={() => goToChoice(firstChoice)}
          >
            {chooseLabel(missingChoices)}
          </button>
        ) : (
          <button
            type="button"
            className="button product-actions__button product-actions__add"
            aria-label="Adicionar"
            aria-describedby={describedBy}
            aria-busy={pending === 'add' || undefined}
            disabled={disabled}
            onClick={() => add()}
          >
            {pending === 'add' ? <Spinner label="Adicionando ao carrinho..." /> : 'Adicionar'}
          </button>
        )}
        <SubscriptionMenu
          offers={product.subscriptionOffers ?? []}
          disabled={disabled}
          busy={pending === 'subscribe'}
          describedBy={describedBy}
          onChoose={(offer) => add(offer)}
          buttonClassName="product-actions__button product-actions__subscribe"
        />
      </WindowBottomBar>
      {isPlatformUser ? (
        <button
          type="button"
          className="product-actions__button product-actions__send"
          aria-label="Enviar detalhes do produto"
          aria-busy={send.isPending || undefined}
          disabled={send.isPending}
          onClick={sendToContact}
        >
          {send.isPending ? (
            <Spinner label="Enviando detalhes do produto..." />
          ) : (
            'Enviar detalhes do produto'
          )}
        </button>
      ) : null}
    </div>
  );
}
