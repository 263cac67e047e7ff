// Tray store linking (companion spec, section 7), mounted at /tray (outside /api, as the spec's paths).
// Public: the Tray admin has no chat session. Request bodies carry the chatbot token and Tray's
// authorization code: nothing of them is logged or answered.
//   POST /tray/link-store       link a store to a chatbot → { store, chatbotId, replaced, linkedAt }
//   GET  /tray/link-store/{id}  the chatbot id linked to the store (404 when none)
import { Router } from 'express';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { linkedChatbot, linkStore } from './store-link.ts';

export type TrayRouteOptions = { now?: () => Date };

export function trayRoutes(db: SandboxDb, options: TrayRouteOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();

  router.post('/link-store', (req, res) => {
    const payload = parseInput(calls.linkStore.body, req.body, 'body');
    const result = db.transaction(() => linkStore(db, payload, now()))();
    sendOk(res, result);
  });

  router.get('/link-store/:id', (req, res) => {
    const { id } = parseInput(calls.getLinkedChatbot.params, req.params, 'params');
    sendOk(res, linkedChatbot(db, id));
  });

  return router;
}
