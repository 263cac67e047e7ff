import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';

/** Shows a toast when the screen opens; a fixed id keeps StrictMode or a re-render from doubling it. */
export function useToastOnce(kind: 'success' | 'warning', message: string, id: string, when = true) {
  useEffect(() => {
    if (!when) return;
    if (kind === 'success') toast.success(message, { id });
    else toast(message, { id, icon: '⚠️' });
  }, [kind, message, id, when]);
}
