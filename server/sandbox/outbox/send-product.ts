// POST /api/order/send/product/{id}: the operator sends a product's details to the contact. The
// product comes from the shop's catalogue (never from the call): name, price, picture, a link to its
// page, and the attributes the operator chose, checked against the product's own.
// With the chat app's extension (decision 0024) the text's FIRST link is the product's share link
// (/s/<shop>/p/<product>: no session, so WhatsApp previews it and a forwarded message works for
// anyone), and the contact's own session link follows on its own line to buy. Without it, the message
// is the spec's, exactly as before.
import { findOrderableProduct, type OrderableProduct } from '../catalog/orderable-product.ts';
import { type SendProductBody, shareLinkPath } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound, SandboxHttpError } from '../http/envelope.ts';
import type { OrderContext } from '../order/order-context.ts';
import { formatBrl } from '../rules/brl.ts';
import { centsToReais } from '../rules/money.ts';
import { findPublicShop } from '../shop/shops.ts';
import { contactSessionCode, storefrontBaseUrl, storefrontLink } from './contact-links.ts';

const sameOptions = (a: Readonly<Record<string, string>>, chosen: ReadonlyMap<string, string>) =>
  Object.keys(a).length === chosen.size &&
  [...chosen].every(([attribute, option]) => a[attribute] === option);

/** The price the contact would pay: the chosen variant's, else the promotional price when lower. */
function priceCents(product: OrderableProduct, chosen: ReadonlyMap<string, string>): number {
  const dimension =
    product.dimensions.find((d) => d.sku === product.selectedSku) ??
    (chosen.size > 0 ? product.dimensions.find((d) => sameOptions(d.options, chosen)) : undefined);
  if (dimension) return dimension.priceCents;
  const promo = product.promotionalPriceCents;
  return promo !== null && promo > 0 && promo < product.priceCents ? promo : product.priceCents;
}

function chosenAttributes(product: OrderableProduct, body: SendProductBody): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const attribute of body.attributes) {
    const known = product.attributes.find((a) => a.providerId === attribute.providerId);
    if (!known?.options.some((o) => o.providerId === attribute.optionProviderId)) {
      throw badRequest('O atributo escolhido não existe neste produto.');
    }
    if (chosen.has(attribute.providerId)) throw badRequest('Cada atributo pode ser escolhido uma vez só.');
    chosen.set(attribute.providerId, attribute.optionProviderId);
  }
  return chosen;
}

export function productMessage(
  db: SandboxDb,
  context: OrderContext,
  pathId: string,
  body: SendProductBody,
  now: Date,
  options: { shareLinks: boolean } = { shareLinks: false },
): Record<string, unknown> {
  const catalogShopId = context.shop.catalogShopId;
  const addressed = findOrderableProduct(db, catalogShopId, pathId);
  const product = findOrderableProduct(db, catalogShopId, body.providerId);
  if (!addressed || !product) throw notFound('Produto não encontrado.');
  if (addressed.id !== product.id) {
    throw badRequest('O produto informado não corresponde ao produto do endereço da chamada.');
  }
  if (!product.isActive) {
    throw new SandboxHttpError(409, 'Este produto está indisponível no estoque', 'validation');
  }
  const chosen = chosenAttributes(product, body);
  const cents = priceCents(product, chosen);
  const link = storefrontLink(
    `/product/${encodeURIComponent(product.providerId)}`,
    contactSessionCode(db, context.session, now),
  );
  const shop = options.shareLinks ? findPublicShop(db, context.shop.id) : undefined;
  const shareLink = shop ? `${storefrontBaseUrl()}${shareLinkPath(shop.slug, product.providerId)}` : null;
  const text = shareLink
    ? `*${product.name}*\n${formatBrl(cents)}\n${shareLink}\nPara comprar: ${link}`
    : `*${product.name}*\n${formatBrl(cents)}\n${link}`;
  return {
    productId: product.id,
    providerId: product.providerId,
    name: product.name,
    price: centsToReais(cents),
    priceText: formatBrl(cents),
    imageUrl: product.images[0]?.url ?? null,
    attributes: [...chosen].map(([providerId, optionProviderId]) => ({ providerId, optionProviderId })),
    link,
    ...(shareLink ? { shareLink } : {}),
    text,
  };
}
