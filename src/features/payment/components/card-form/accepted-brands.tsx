// The brands the shop takes, as logos beside the card number (issue 25); the one the number shows is
// highlighted and the others dimmed. The logos are small SVG files drawn for the app (./brands), served
// with it as hashed assets (never inlined into the JavaScript, never from another host).
import { useId } from 'react';
import { brandName, type CardBrand } from '../../lib/card-brand.ts';
import americanExpress from './brands/american-express.svg?no-inline';
import dinersClub from './brands/diners-club.svg?no-inline';
import elo from './brands/elo.svg?no-inline';
import hipercard from './brands/hipercard.svg?no-inline';
import mastercard from './brands/mastercard.svg?no-inline';
import visa from './brands/visa.svg?no-inline';

const LOGOS: Partial<Record<CardBrand, string>> = {
  visa,
  mastercard,
  elo,
  'american-express': americanExpress,
  hipercard,
  'diners-club': dinersClub,
};

type Props = {
  /** The brands the card options take (acceptedBrands); nothing is shown when empty. */
  brands: readonly CardBrand[];
  /** The brand of the number typed so far, or null. */
  detected: CardBrand | null;
};

/**
 * 'Bandeiras aceitas': a list of logos, each named by its alt text ('Visa'). Once the number shows a
 * brand, its item is marked current and the others are dimmed; a brand not in the list dims them all
 * (the number field's hint says it is not taken).
 */
export function AcceptedBrands({ brands, detected }: Props) {
  const titleId = useId();
  if (brands.length === 0) return null;
  let state = 'none';
  if (detected) state = brands.includes(detected) ? 'accepted' : 'refused';
  return (
    <div className="card-brands card-form__wide" data-state={state}>
      <p id={titleId} className="card-brands__title">
        Bandeiras aceitas
      </p>
      <ul className="card-brands__list" aria-labelledby={titleId}>
        {brands.map((brand) => {
          const logo = LOGOS[brand];
          return (
            <li
              key={brand}
              className="card-brands__brand"
              aria-current={brand === detected ? 'true' : undefined}
            >
              {logo ? (
                <img src={logo} alt={brandName(brand)} width={36} height={24} />
              ) : (
                <span className="card-brands__name">{brandName(brand)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
