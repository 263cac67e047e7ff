// The attribute option buttons of a product with variants (spec section 4, "Variant selection"):
// options unavailable given the other choices are disabled, clicking a chosen option deselects it.
// The rules themselves are in ../../variants/variant-selection.ts; this only draws them.
import type { Product } from '@/contract/catalog.ts';
import { isOptionAvailable, type Selection } from '../../variants/variant-selection.ts';
import './variant-selectors.css';

type Props = {
  product: Product;
  selection: Selection;
  onChoose(attributeId: string, optionId: string): void;
};

export function VariantSelectors({ product, selection, onChoose }: Props) {
  const attributes = (product.attributes ?? []).filter((a) => (a.options ?? []).length > 0);
  if (attributes.length === 0) return null;
  return (
    <div className="variant-selectors">
      {attributes.map((attribute) => {
        const labelId = `atributo-${attribute.providerId}`;
        return (
          <fieldset key={attribute.providerId} className="variant-selectors__attribute">
            <legend id={labelId} className="variant-selectors__name">
              {attribute.name ?? attribute.providerId}
            </legend>
            <div className="variant-selectors__options">
              {(attribute.options ?? []).map((option) => {
                const chosen = selection[attribute.providerId] === option.providerId;
                const available = isOptionAvailable(
                  product,
                  selection,
                  attribute.providerId,
                  option.providerId,
                );
                return (
                  <button
                    key={option.providerId}
                    type="button"
                    className="variant-selectors__option"
                    aria-pressed={chosen}
                    disabled={!available && !chosen}
                    onClick={() => onChoose(attribute.providerId, option.providerId)}
                  >
                    {option.name ?? option.providerId}
                    {!available && !chosen && <span className="visually-hidden"> (indisponível)</span>}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
