// The pages of one shopper talk to each other: a write in one tab (a quantity, a coupon, a method,
// a payment) tells the others, which read the order again (order/use-order-stays-fresh.ts). Without
// it, a checkout or card page left open showed, confirmed and charged a total the order no longer
// had (issue 34). Same origin only, no data in the message: each page reads its own order.

export const ORDER_CHANNEL = 'sf-order-changed';

// One channel object per page for sending and hearing: a BroadcastChannel never hears its own
// messages, so a page does not re-read the order after its own writes.
let channel: BroadcastChannel | undefined;

function pageChannel(): BroadcastChannel {
  channel ??= new BroadcastChannel(ORDER_CHANNEL);
  return channel;
}

/** Says "the order changed" to this origin's other pages. A browser without BroadcastChannel just stays quiet. */
export function announceOrderChanged(): void {
  try {
    pageChannel().postMessage(1);
  } catch {
    // No BroadcastChannel (an old chat-app webview): the other pages re-read on focus instead.
  }
}

/** Calls `listener` when another page of this origin changed the order; returns the unsubscribe. */
export function onOrderChangedElsewhere(listener: () => void): () => void {
  try {
    const heard = pageChannel();
    heard.addEventListener('message', listener);
    return () => heard.removeEventListener('message', listener);
  } catch {
    return () => {};
  }
}
