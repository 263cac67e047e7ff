/**
 * Leaves the storefront for the chat app. A same-tab navigation, not window.open: it happens after
 * an awaited call (no longer inside the click, so a pop-up would be blocked), and inside WhatsApp's
 * own browser it is what brings the shopper back to the conversation. Its own module so component
 * tests can replace it (jsdom does not navigate).
 */
export function leaveForChat(url: string): void {
  window.location.assign(url);
}
