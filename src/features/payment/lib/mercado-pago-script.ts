// Mercado Pago's browser script, loaded through loadScript so the page learns when it cannot load
// (offline, an ad blocker, a corporate proxy) and can say so. Google reCAPTCHA's is loaded the same
// way, by its widget (components/recaptcha-widget.tsx).
import { loadScript } from '@/lib/load-script.ts';

/**
 * Mercado Pago's SDK, at the address its React package loads. Once it is here, the package finds
 * `window.MercadoPago` and uses it (it logs that it was already loaded) instead of loading it again
 * with a failure no one hears.
 */
export const MERCADO_PAGO_SDK = 'https://sdk.mercadopago.com/js/v2';

export function loadMercadoPagoScript(): Promise<void> {
  return loadScript(MERCADO_PAGO_SDK, {
    isReady: () => (window as Window & { MercadoPago?: unknown }).MercadoPago !== undefined,
  });
}
