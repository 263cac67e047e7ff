import proxyAddr from 'proxy-addr';

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: exactly the addresses and
 * CIDRs configured in TRUST_PROXY (proxy-addr entries, as Express' `trust proxy` takes them), none by
 * default. A peer on loopback or the private network is not trusted for being there: anything inside
 * the network could otherwise claim any address and slip past the per-IP limits.
 */
export type TrustedProxies = (address: string) => boolean;

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (entries.length === 0) return () => false;
  const trust = proxyAddr.compile([...entries]);
  return (address) => trust(address, 0);
}

/** What Express' `trust proxy` setting gets: `false` for none, else proxy-addr's own function. */
export function expressTrustProxy(
  entries: readonly string[],
): false | ((address: string, hop: number) => boolean) {
  return entries.length === 0 ? false : proxyAddr.compile([...entries]);
}
