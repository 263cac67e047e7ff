// Loading a payment provider's script (Google reCAPTCHA, Mercado Pago) so that a page can tell when
// it cannot load. The vendors' own loaders never say so: Mercado Pago's rejects a promise nobody
// awaits and react-google-recaptcha remembers a failure for the page's lifetime, which left the
// shopper with an empty dialog or a blank page (issue 20, defects 5 and 6).

export type ScriptOptions = {
  /** The vendor's global is there: nothing to load, or the loaded script did its job. */
  isReady(): boolean;
  /**
   * A global function the script calls once it is usable (the address names it, as Google's
   * `?onload=`). Without one, the script's load event (and isReady) says it.
   */
  callbackName?: string;
};

/** Loads in flight, by address. */
const loads = new Map<string, Promise<void>>();

type CallbackWindow = Window & Record<string, unknown>;

/**
 * Loads the script at `src` once per page, resolved when it is usable. It rejects when the script
 * cannot be fetched (offline, a blocker, a proxy) or loads without its global. A failed load is
 * forgotten and its tag removed, so the next call fetches it again: 'Tentar novamente' really tries.
 * A script that hangs neither resolves nor rejects: callers give up on it after their own delay.
 */
export function loadScript(src: string, { isReady, callbackName }: ScriptOptions): Promise<void> {
  if (isReady()) return Promise.resolve();
  const known = loads.get(src);
  if (known) return known;

  const load = new Promise<void>((resolveLoad, reject) => {
    // Only loads in flight are shared; once done, isReady() answers the next call.
    const resolve = () => {
      loads.delete(src);
      resolveLoad();
    };
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const fail = () => {
      loads.delete(src);
      script.remove();
      if (callbackName) delete (window as unknown as CallbackWindow)[callbackName];
      reject(new Error(`O script ${new URL(src).host} não carregou.`));
    };
    if (callbackName) (window as unknown as CallbackWindow)[callbackName] = () => resolve();
    script.addEventListener('error', fail);
    script.addEventListener('load', () => {
      if (callbackName) return;
      if (isReady()) resolve();
      else fail();
    });
    document.head.appendChild(script);
  });
  loads.set(src, load);
  return load;
}
