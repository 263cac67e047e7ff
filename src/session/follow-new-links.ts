// A chat link opened in a tab that already shows the storefront only changes the address's hash: the
// page does not load again, so the new link's session would be ignored and the tab would go on with
// the old one. Reloading makes it a fresh open, exactly as the link would be in a new tab.
import { parseSessionHash } from './hash.ts';

type HashTarget = Pick<Window, 'addEventListener'> & { location: Pick<Location, 'hash' | 'reload'> };

export function followNewChatLinks(target: HashTarget = window): void {
  target.addEventListener('hashchange', () => {
    const hash = parseSessionHash(target.location.hash);
    if (hash.code !== undefined || hash.codeRejected) target.location.reload();
  });
}
