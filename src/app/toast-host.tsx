import { useEffect, useState } from 'react';
import { loadedToasts, loadToasts, onToastsLoaded } from '../lib/toast.ts';

/** The spec's toast delay: 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

/**
 * The toasts' code is fetched this long after the app starts, when the landing screen's own
 * requests (session, catalogue, images) have had the network to themselves.
 */
const LOAD_AFTER_MS = 2000;

/** Shows the toasts (lib/toast.ts) once their library has arrived. */
export function ToastHost() {
  const [hot, setHot] = useState(loadedToasts);
  useEffect(() => {
    const stop = onToastsLoaded(() => setHot(loadedToasts()));
    const timer = window.setTimeout(() => void loadToasts(), LOAD_AFTER_MS);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, []);
  if (!hot) return null;
  const { Toaster } = hot;
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
