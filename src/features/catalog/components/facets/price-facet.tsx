import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';
import { formatBRL, formatPriceRange } from '@/lib/format.ts';
import { lastPosition, type PriceRange, positionOf, priceAt, rangeAt } from './price-steps.ts';

/** The spec's price filter debounce (section 9). */
export const PRICE_DEBOUNCE_MS = 500;

type Props = {
  /** The lowest and highest prices of the facet (its value's range), lowest first. */
  bounds: PriceRange;
  /** The price filter in force, if any. */
  selected: PriceRange | undefined;
  /** A new range, or undefined to remove the price filter (the full range). */
  onPriceRange(range: PriceRange | undefined): void;
  /** The id of the facet's heading, naming the controls' group. */
  labelledBy: string;
};

/**
 * The price facet: two native range inputs over the positions of `price-steps.ts` (step 10.5, the
 * top one exactly the highest price) showing 'R$ X - R$ Y'; the change is sent 500 ms after the
 * last move. When both bounds are equal, a single checkbox instead.
 */
export function PriceFacet({ bounds, selected, onPriceRange, labelledBy }: Props) {
  if (bounds.from === bounds.to) {
    return (
      <fieldset className="facet__group facet__values" aria-labelledby={labelledBy}>
        <label className="facet__option">
          <input
            type="checkbox"
            checked={selected !== undefined}
            onChange={(event) => onPriceRange(event.target.checked ? { ...bounds } : undefined)}
          />
          <span className="facet__name">{formatBRL(bounds.from)}</span>
        </label>
      </fieldset>
    );
  }
  return (
    <PriceSlider bounds={bounds} selected={selected} onPriceRange={onPriceRange} labelledBy={labelledBy} />
  );
}

function PriceSlider({ bounds, selected, onPriceRange, labelledBy }: Props) {
  const last = lastPosition(bounds);
  const lowId = useId();
  const highId = useId();

  const positionsOf = (range: PriceRange | undefined) => ({
    low: range ? positionOf(bounds, range.from) : 0,
    high: range ? positionOf(bounds, range.to) : last,
  });
  // The thumbs follow the props when they change (new bounds, the filter removed elsewhere);
  // between those changes they are the shopper's.
  const sync = `${bounds.from}|${bounds.to}|${selected?.from ?? ''}|${selected?.to ?? ''}`;
  const [state, setState] = useState(() => ({ sync, ...positionsOf(selected) }));
  let { low, high } = state;
  if (state.sync !== sync) {
    const next = { sync, ...positionsOf(selected) };
    setState(next);
    ({ low, high } = next);
  }

  const send = useDebouncedCallback((range: PriceRange | undefined) => {
    if (range?.from === selected?.from && range?.to === selected?.to) return;
    onPriceRange(range);
  }, PRICE_DEBOUNCE_MS);

  // A move still waiting when the props change no longer applies to them.
  const lastSync = useRef(sync);
  useEffect(() => {
    if (lastSync.current === sync) return;
    lastSync.current = sync;
    send.cancel();
  }, [sync, send]);

  function move(nextLow: number, nextHigh: number) {
    setState({ sync, low: nextLow, high: nextHigh });
    send(rangeAt(bounds, nextLow, nextHigh));
  }

  const lowPrice = priceAt(bounds, low);
  const highPrice = priceAt(bounds, high);
  const fill = {
    '--price-low': `${(low / last) * 100}%`,
    '--price-high': `${(high / last) * 100}%`,
  } as CSSProperties;

  return (
    <fieldset className="facet__group price-facet" aria-labelledby={labelledBy}>
      <p className="price-facet__value">{formatPriceRange(lowPrice, highPrice)}</p>
      <div className="price-facet__slider" style={fill}>
        <label htmlFor={lowId} className="visually-hidden">
          Preço mínimo
        </label>
        <input
          id={lowId}
          type="range"
          className="price-facet__input"
          // Both thumbs at the top: the lower one must stay reachable.
          data-front={low === last || undefined}
          min={0}
          max={last}
          step={1}
          value={low}
          aria-valuetext={formatBRL(lowPrice)}
          onChange={(event) => move(Math.min(Number(event.target.value), high), high)}
        />
        <label htmlFor={highId} className="visually-hidden">
          Preço máximo
        </label>
        <input
          id={highId}
          type="range"
          className="price-facet__input"
          min={0}
          max={last}
          step={1}
          value={high}
          aria-valuetext={formatBRL(highPrice)}
          onChange={(event) => move(low, Math.max(Number(event.target.value), low))}
        />
      </div>
    </fieldset>
  );
}
