// Page tokens for ranked lists: an opaque, URL-safe cursor holding the last rank of the previous
// page. Opaque so clients treat it as such; validated on the way in so a forged token is a 400.
const PREFIX = 'rank:';

export function encodeRankToken(lastRank: number): string {
  return Buffer.from(`${PREFIX}${lastRank}`, 'utf8').toString('base64url');
}

/** The rank a token continues after, or undefined when the token is not one of ours. */
export function decodeRankToken(token: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const match = /^rank:(\d{1,9})$/.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
