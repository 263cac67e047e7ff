import './product-specifications.css';
import type { Specification } from '@/contract/catalog.ts';

export interface ProductSpecificationsProps {
  specification?: Specification[] | null;
  /** The shop setting showSpecifications: the table is shown only when it is on. */
  enabled?: boolean | null;
}

export const NO_SPECIFICATIONS = 'Nenhuma especificação disponível';

/**
 * The specifications table (spec section 2): name and values, only when the shop enables it, and
 * 'Nenhuma especificação disponível' when it does but the product has none.
 */
export function ProductSpecifications({ specification, enabled }: ProductSpecificationsProps) {
  if (!enabled) return null;
  const rows = (specification ?? []).filter((entry) => entry.name.trim() !== '');

  if (rows.length === 0) return <p className="product-specifications__empty">{NO_SPECIFICATIONS}</p>;
  return (
    <table className="product-specifications">
      <caption className="visually-hidden">Especificações</caption>
      <tbody>
        {rows.map((entry, index) => (
          // Names may repeat; the position keeps the keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for a given product.
          <tr key={`${entry.name}-${index}`}>
            <th scope="row">{entry.name}</th>
            <td>{(entry.value ?? []).filter((value) => value.trim() !== '').join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
