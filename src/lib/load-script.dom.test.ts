import { afterEach, describe, expect, it } from 'vitest';
import { loadScript } from './load-script.ts';

const scriptsOf = (src: string) =>
  [...document.querySelectorAll('script')].filter((script) => script.src === src);

type TestWindow = Window & { vendorGlobal?: unknown; vendorReady?: () => void };
const testWindow = window as TestWindow;

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete testWindow.vendorGlobal;
});

describe('loading a provider script', () => {
  it('resolves at once when the vendor is already there, without adding a script', async () => {
    await loadScript('https://vendor.example/ja.js', { isReady: () => true });
    expect(scriptsOf('https://vendor.example/ja.js')).toHaveLength(0);
  });

  it('adds the script once, and resolves once it loaded with its global', async () => {
    const src = 'https://vendor.example/sdk.js';
    const options = { isReady: () => testWindow.vendorGlobal !== undefined };
    const first = loadScript(src, options);
    const second = loadScript(src, options);
    expect(second).toBe(first);
    const [script] = scriptsOf(src);
    testWindow.vendorGlobal = {};
    script?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects when the script cannot load, removes it, and the next call fetches it again', async () => {
    const src = 'https://vendor.example/bloqueado.js';
    const options = { isReady: () => testWindow.vendorGlobal !== undefined };
    const failed = loadScript(src, options);
    scriptsOf(src)[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('O script vendor.example não carregou.');
    expect(scriptsOf(src)).toHaveLength(0);

    const retry = loadScript(src, options);
    expect(retry).not.toBe(failed);
    expect(scriptsOf(src)).toHaveLength(1);
    testWindow.vendorGlobal = {};
    scriptsOf(src)[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('a script that loads without its global is a failure', async () => {
    const src = 'https://vendor.example/vazio.js';
    const load = loadScript(src, { isReady: () => false });
    scriptsOf(src)[0]?.dispatchEvent(new Event('load'));
    await expect(load).rejects.toThrow();
  });

  it('with a callback name, waits for the script to call it rather than for its load event', async () => {
    const src = 'https://vendor.example/api.js?onload=vendorReady';
    let settled = false;
    const load = loadScript(src, { isReady: () => false, callbackName: 'vendorReady' }).then(() => {
      settled = true;
    });
    scriptsOf(src)[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    testWindow.vendorReady?.();
    await load;
    expect(settled).toBe(true);
  });
});
