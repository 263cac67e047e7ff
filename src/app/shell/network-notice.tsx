import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { networkState, subscribeNetworkState } from '@/lib/network-status.ts';
import './network-notice.css';

export const OFFLINE_TEXT = 'Sem conexão. Tentando de novo...';
export const SLOW_TEXT = 'A conexão está lenta. Aguarde...';
export const BACK_ONLINE_TEXT = 'Conexão restabelecida.';
/** How long the word that the connection is back stays. */
export const BACK_ONLINE_MS = 4000;

/**
 * One line under the top bar, on every screen, when the network keeps the shopper waiting: no
 * connection (what they asked for goes out when it is back), or a call slow to answer; then, after
 * having had no connection, that it is back. A live region present from the start, so screen readers
 * speak each change; empty (and invisible) while all is well.
 */
export function NetworkNotice() {
  const state = useSyncExternalStore(subscribeNetworkState, networkState, networkState);
  const [back, setBack] = useState(false);
  const previous = useRef(state);

  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state === 'offline') setBack(false);
    else if (was === 'offline') setBack(true);
  }, [state]);

  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [back]);

  const text =
    state === 'offline' ? OFFLINE_TEXT : state === 'slow' ? SLOW_TEXT : back ? BACK_ONLINE_TEXT : undefined;
  return (
    <div className="network-notice" role="status">
      {text && (
        <p className="network-notice__text" data-state={state === 'ok' ? 'back' : state}>
          {text}
        </p>
      )}
    </div>
  );
}
