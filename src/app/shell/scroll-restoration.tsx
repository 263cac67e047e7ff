import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { tabStorage } from '@/session/tab.ts';

/**
 * Back from a product page finds the catalogue where the shopper left it (its pages come from the
 * cache, so it renders at once at full height); any other new address starts at the top, and a new
 * entry for the same address keeps the position. What the
 * data router's <ScrollRestoration> did, for the declarative routes (app/router.tsx).
 *
 * Positions are kept per history entry (location.key), also across a reload of the tab.
 */
const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 50;

/** The saved positions; anything damaged is left out (storage can be edited). */
function loadPositions(): Map<string, number> {
  const stored = tabStorage.get<unknown>(STORAGE_KEY);
  if (!Array.isArray(stored)) return new Map();
  return new Map(
    stored.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
    ),
  );
}

function savePositions(positions: Map<string, number>) {
  tabStorage.set(STORAGE_KEY, [...positions].slice(-MAX_ENTRIES));
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(undefined);
  positions.current ??= loadPositions();
  const currentKey = useRef(location.key);
  const address = `${location.pathname}${location.search}`;
  const currentAddress = useRef(address);

  // The position of the entry on screen, as the shopper scrolls.
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const remember = () => positions.current?.set(currentKey.current, window.scrollY);
    const persist = () => positions.current && savePositions(positions.current);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const sameAddress = currentAddress.current === address;
    currentAddress.current = address;
    // An entry for the same address (the phone's filter overlay opening or closing) is the same page:
    // it stays where it is.
    if (navigationType !== 'POP' && sameAddress) {
      positions.current?.set(location.key, window.scrollY);
      return;
    }
    const saved = navigationType === 'POP' ? positions.current?.get(location.key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location.key, navigationType, address]);

  return null;
}
