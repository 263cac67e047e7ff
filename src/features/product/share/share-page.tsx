import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ProductPrice } from '@/components/product-price.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { type PublicProduct, type PublicShop, shareLinkPath } from '@/contract/chat-app.ts';
import { chatLinksFor, WHATSAPP_HOME } from '@/lib/chat-links.ts';
import type { PriceFields } from '@/lib/format.ts';
import { isMissingProduct } from '@/products/get-product.ts';
import { applyBranding, brandingFrom } from '@/session/branding.ts';
import { ProductGallery } from '../components/gallery/product-gallery.tsx';
import { ProductDescription } from '../components/product-description.tsx';
import { RetryButton } from '../components/retry-button.tsx';
import { PUBLIC_PRODUCT_FAILED, publicProductQuery } from './public-product-query.ts';
import './share-page.css';

/** The spec's words for a product that cannot be bought now (the shopper spec, 'Product detail page'). */
export const UNAVAILABLE = 'Este produto está indisponível no estoque';
export const NOT_FOUND_TITLE = 'Produto não encontrado';

/**
 * The read-only product page of a share link, `/s/<shop>/p/<productId>` (issue 37, decision 0024):
 * anyone may open it, and it opens no session (not even the anonymous one; main.tsx's prefetch
 * skips it). It shows the pictures, name, price and description with the shop's branding, and a
 * button per chat address the shop has ('Pedir pelo WhatsApp' first), plain same-tab links: the
 * chat apps' own browsers block new windows.
 */
export default function SharePage() {
  const { slug = '', productId = '' } = useParams();
  const { data, isError, error, isFetching, refetch } = useQuery(publicProductQuery(slug, productId));

  if (isError && isMissingProduct(error)) return <NotFound />;
  if (isError) return <Failure retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data) return <PageSpinner label="Carregando o produto..." />;
  return <SharedProduct shop={data.shop} product={data.product} />;
}

/** The product's price as the product page shows it: a lower promotional price strikes the price through. */
function priceFields({ price, promotionalPrice }: PublicProduct): PriceFields {
  return typeof promotionalPrice === 'number' && promotionalPrice > 0 && promotionalPrice < price
    ? { price: promotionalPrice, listPrice: price }
    : { price };
}

function SharedProduct({ shop, product }: { shop: PublicShop; product: PublicProduct }) {
  const branding = useMemo(() => brandingFrom({ style: shop.style }), [shop.style]);
  useEffect(() => applyBranding(branding), [branding]);
  const available = product.isActive !== false;
  const link = `${window.location.origin}${shareLinkPath(shop.slug, product.providerId)}`;
  // The product and its public link, nothing about the person who opens it.
  const text = available
    ? `Olá! Quero pedir este produto: ${product.name}\n${link}`
    : `Olá! Tenho interesse neste produto: ${product.name}\n${link}`;
  const chats = chatLinksFor(shop.chat, text, available ? 'Pedir' : 'Falar');

  return (
    <>
      <header className="top-bar share-page__bar">
        <div className="top-bar__inner">
          {branding.logoUrl && (
            <img className="share-page__logo" src={branding.logoUrl} alt="" width={120} height={30} />
          )}
          <p className="share-page__shop">{shop.name}</p>
        </div>
      </header>
      <main id="conteudo" className="page share-page">
        <PageTitle>{`${product.name} | ${shop.name}`}</PageTitle>
        <article className="share-page__product" aria-labelledby="share-title">
          <div>
            <ProductGallery images={product.images} alt={product.name} />
          </div>
          <div className="share-page__info">
            <h1 id="share-title" className="share-page__title">
              {product.name}
            </h1>
            <ProductPrice prices={priceFields(product)} />
            {!available && <p className="share-page__unavailable">{UNAVAILABLE}</p>}
            {chats.length > 0 && (
              <nav className="share-page__chats" aria-label="Falar com a loja">
                {chats.map((chat, index) => (
                  <a
                    key={chat.href}
                    className={
                      index === 0 ? 'button share-page__chat' : 'button button--outline share-page__chat'
                    }
                    href={chat.href}
                    rel="noreferrer"
                  >
                    {chat.label}
                  </a>
                ))}
              </nav>
            )}
            <section aria-labelledby="share-description">
              <h2 id="share-description" className="share-page__subtitle">
                Descrição
              </h2>
              <ProductDescription html={product.description} />
            </section>
          </div>
        </article>
      </main>
    </>
  );
}

/**
 * No such product, no such shop, or a backend without the public read (404): nothing here knows the
 * shop's chat, so the way on is the chat app, where a new link can be asked for.
 */
function NotFound() {
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>{NOT_FOUND_TITLE}</PageTitle>
      <section className="message-page" aria-labelledby="share-missing-title">
        <h1 id="share-missing-title">{NOT_FOUND_TITLE}</h1>
        <p>Este link não mostra mais um produto. Peça um novo link para a loja na conversa.</p>
        <a className="button" href={WHATSAPP_HOME} rel="noreferrer">
          Abrir o WhatsApp
        </a>
      </section>
    </main>
  );
}

/** The read failed (no connection, the store down): the product may well exist, so try again. */
function Failure({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>{PUBLIC_PRODUCT_FAILED}</PageTitle>
      <section className="message-page" role="alert" aria-labelledby="share-failure-title">
        <h1 id="share-failure-title">{PUBLIC_PRODUCT_FAILED}</h1>
        <p>Verifique sua conexão e tente novamente.</p>
        <RetryButton retrying={retrying} onRetry={onRetry} />
      </section>
    </main>
  );
}
