/**
 * Leaves the storefront for another page (the provider's payment page, the chat app) in the same
 * tab. Its own function, handed to the payment page, so component tests can observe it (jsdom does
 * not navigate).
 */
export type LeavePage = (url: string) => void;

export const leavePage: LeavePage = (url) => {
  window.location.assign(url);
};
