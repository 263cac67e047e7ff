// The payment providers' browser scripts, loaded through loadScript so the page learns when one
// cannot load (offline, an ad blocker, a corporate proxy) and can say so.
import { loadScript } from '@/lib/load-script.ts';

type ProviderWindow = Window & {
  grecaptcha?: { render?: unknown };
  MercadoPago?: unknown;
};
const providerWindow = () => window as ProviderWindow;

/** Google calls this global once reCAPTCHA is usable (explicit rendering, in Portuguese). */
export const RECAPTCHA_CALLBACK = 'onRecaptchaScriptReady';
export const RECAPTCHA_SCRIPT = `https://www.google.com/recaptcha/api.js?onload=${RECAPTCHA_CALLBACK}&render=explicit&hl=pt-BR`;

export function loadRecaptchaScript(): Promise<void> {
  return loadScript(RECAPTCHA_SCRIPT, {
    isReady: () => typeof providerWindow().grecaptcha?.render === 'function',
    callbackName: RECAPTCHA_CALLBACK,
  });
}

/**
 * Mercado Pago's SDK, at the address its React package loads. Once it is here, the package finds
 * `window.MercadoPago` and uses it (it logs that it was already loaded) instead of loading it again
 * with a failure no one hears.
 */
export const MERCADO_PAGO_SDK = 'https://sdk.mercadopago.com/js/v2';

export function loadMercadoPagoScript(): Promise<void> {
  return loadScript(MERCADO_PAGO_SDK, { isReady: () => providerWindow().MercadoPago !== undefined });
}
