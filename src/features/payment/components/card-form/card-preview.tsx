import { brandName, type CardBrand, maskedNumber } from '../../lib/card-brand.ts';

type Props = {
  brand: CardBrand | null;
  /** Digits as typed. Shown with at most the first six and last four digits (PCI DSS 3.4.1). */
  number: string;
  name: string;
  /** 'MM/AA' as typed. */
  expiry: string;
};

/**
 * The live card picture: brand, masked number, holder name and expiry, following the typing. It is
 * decoration (the fields carry the same data, the brand is read with the number field), so it is
 * hidden from assistive technology. The security code is never shown.
 */
export function CardPreview({ brand, number, name, expiry }: Props) {
  const masked = maskedNumber(number);
  return (
    <div
      className="card-preview"
      data-brand={brand ?? 'unknown'}
      data-testid="card-preview"
      aria-hidden="true"
    >
      <span className="card-preview__brand">{brand ? brandName(brand) : 'Cartão'}</span>
      <span className="card-preview__number">{masked || '•••• •••• •••• ••••'}</span>
      <span className="card-preview__bottom">
        <span className="card-preview__name">{name.trim().toUpperCase() || 'NOME NO CARTÃO'}</span>
        <span className="card-preview__expiry">{expiry || 'MM/AA'}</span>
      </span>
    </div>
  );
}
