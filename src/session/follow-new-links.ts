// The tab always works in the session of the last chat link opened in it.
// - A link opened in a tab that already shows the storefront only changes the address's hash: the
//   page does not load again, so the new link's session would be ignored and the tab would go on
//   with the old one. Reloading makes it a fresh open, exactly as the link would be in a new tab.
// - Back to a page the browser kept in its back-forward cache brings that page back with the
//   session it had in memory, although a newer link has opened another session in the tab since:
//   it loads again, and so resumes the tab's session.
import { currentSessionHandle } from '@/lib/api-client.ts';
import { tabMovedOn } from './chat-link.ts';
import { parseSessionHash } from './hash.ts';

type PageEvents = Pick<Window, 'addEventListener'> & { location: Pick<Location, 'hash' | 'reload'> };

export function followNewChatLinks(target: PageEvents = window): void {
  target.addEventListener('hashchange', () => {
    const hash = parseSessionHash(target.location.hash);
    if (hash.code !== undefined || hash.codeRejected) target.location.reload();
  });
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && tabMovedOn(currentSessionHandle())) {
      target.location.reload();
    }
  });
}
