// Whether this sandbox has the chat app's extensions (docs/decisions/0024-chat-app.md): the shop's
// public profile, the public read of a product by shop, the share link in 'Enviar detalhes do
// produto' and the session transfer. SANDBOX_CHAT_APP=off makes it a backend WITHOUT them: their calls
// answer the unknown path's 404 and the messages are the spec's, exactly as before.
import type { RequestHandler, Response } from 'express';

/** SANDBOX_CHAT_APP: 'off' (or 'false', '0', 'no') turns the extensions off; anything else leaves them on. */
export function chatAppExtensionOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['off', 'false', '0', 'no'].includes((env.SANDBOX_CHAT_APP ?? '').trim().toLowerCase());
}

const LOCAL = 'sandboxChatApp';

/** Puts the switch on every call (res.locals), so the routes and the messages read one value. */
export function chatAppSwitch(enabled: boolean): RequestHandler {
  return (_req, res, next) => {
    res.locals[LOCAL] = enabled;
    next();
  };
}

/** Whether the call's sandbox has the extensions (false where the switch was never set). */
export function chatAppOn(res: Response): boolean {
  return res.locals[LOCAL] === true;
}
