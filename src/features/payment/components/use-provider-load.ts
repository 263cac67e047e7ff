import { useCallback, useEffect, useState } from 'react';

/** How a payment provider's widget is doing: still coming, shown, or not coming. */
export type ProviderLoadStatus = 'loading' | 'ready' | 'unavailable';

/**
 * How long a provider's widget (reCAPTCHA, the Mercado Pago brick) may take before the page says
 * it could not load it and offers the ways on. A widget that shows up later still replaces the
 * message.
 */
export const PROVIDER_LOAD_TIMEOUT_MS = 8_000;

/**
 * The load state of a provider's widget. The widget reports ready or unavailable (its script
 * failed); no report within the delay is unavailable too. `retry` starts a new attempt: mount the
 * widget with `attempt` as its key so it loads again.
 */
export function useProviderLoad(timeoutMs = PROVIDER_LOAD_TIMEOUT_MS) {
  const [status, setStatus] = useState<ProviderLoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(
      () => setStatus((current) => (current === 'loading' ? 'unavailable' : current)),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [status, timeoutMs]);

  const ready = useCallback(() => setStatus('ready'), []);
  const unavailable = useCallback(() => setStatus('unavailable'), []);
  const retry = useCallback(() => {
    setAttempt((count) => count + 1);
    setStatus('loading');
  }, []);
  return { status, attempt, ready, unavailable, retry };
}
