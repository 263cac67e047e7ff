// Whether this sandbox has the chat app's extensions (docs/decisions/0024-chat-app.md): the shop's
// public profile, the public product read and the session transfer. SANDBOX_CHAT_APP=off makes it a
// backend WITHOUT them: their calls answer 404, and the SPA behaves as the spec says.

/** SANDBOX_CHAT_APP: 'off' (or 'false', '0', 'no') turns the extensions off; anything else leaves them on. */
export function chatAppExtensionOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['off', 'false', '0', 'no'].includes((env.SANDBOX_CHAT_APP ?? '').trim().toLowerCase());
}
