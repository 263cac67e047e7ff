import { useQuery } from '@tanstack/react-query';
import { Channel } from '@/contract/enums.ts';
import { backToChatLink, type ChatLink, whatsAppLink } from '@/lib/chat-links.ts';
import { shopPublicProfileQuery } from './shop-public-profile.ts';
import { useLoadedSession } from './use-session.ts';

/**
 * The end pages' way back to the session's own chat (issue 37): the spec's data first (the settings'
 * WhatsApp number, for a WhatsApp session), the shop's optional public profile otherwise, read only
 * when the settings do not already give the link. Without the profile (a backend without the
 * extension) the link is the one the spec gives, or none.
 */
export function useBackToChat(): { chat: ChatLink | undefined; channel: Channel | null | undefined } {
  const { session, settings } = useLoadedSession();
  const channel = session.channelType;
  const fromSettings =
    (channel == null || channel === Channel.WhatsApp) && whatsAppLink(settings?.whatsApp) !== undefined;
  const { data: profile } = useQuery({ ...shopPublicProfileQuery, enabled: !fromSettings });
  return {
    chat: backToChatLink(channel, { whatsApp: settings?.whatsApp, chat: profile?.chat }),
    channel,
  };
}
