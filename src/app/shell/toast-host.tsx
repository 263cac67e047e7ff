import { useEffect, useState } from 'react';
import { loadedToasts, loadToasts, onToastsLoaded } from '@/lib/toast.ts';
import { whenPageSettles } from '@/lib/when-page-settles.ts';

/** The spec's toast delay: 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

/** Shows the toasts (lib/toast.ts) once their library has arrived. */
export function ToastHost() {
  const [hot, setHot] = useState(loadedToasts);
  useEffect(() => {
    const stop = onToastsLoaded(() => setHot(loadedToasts()));
    // Fetched once the page has settled (the first toast follows something the shopper did, so
    // their first touch starts it), or at the first toast, whichever comes first.
    // Without a connection it fails quietly: the first toast fetches it again.
    const cancelWait = whenPageSettles(() => void loadToasts().catch(() => {}));
    return () => {
      stop();
      cancelWait();
    };
  }, []);
  if (!hot) return null;
  const { Toaster } = hot;
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
