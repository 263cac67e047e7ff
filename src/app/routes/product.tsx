import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { productQuery } from '../../features/product/api/get-product.ts';
import { displayPrice, formatBRL } from '../../lib/format.ts';

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError } = useQuery({ ...productQuery(id), enabled: id.trim() !== '' });

  // A missing or unknown id goes to the not-found page, as the spec says.
  if (!id.trim() || isError) return <Navigate to="/not-found" replace />;
  if (isPending || !product) return <PageSpinner />;

  const price = displayPrice(product);
  return (
    <article className="product" aria-labelledby="product-title">
      {product.images?.[0]?.url && (
        <img
          className="product__image"
          src={product.images[0].url}
          alt={product.name}
          width={480}
          height={480}
        />
      )}
      <h1 id="product-title">{product.name}</h1>
      <p className="product__price">
        {price.struck !== undefined && <s>{formatBRL(price.struck)}</s>}{' '}
        <strong>{formatBRL(price.current)}</strong>
      </p>
      {product.isActive === false && <p role="alert">Este produto está indisponível no estoque</p>}
    </article>
  );
}
